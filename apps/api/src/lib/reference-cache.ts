/**
 * Reference data that only a migration changes (profiling lists, segments): read at most once a
 * minute per database instead of on every call. Values are shared: callers must not mutate them.
 */
const caches = new WeakMap<object, Map<string, { at: number; value: Promise<unknown> }>>();

export function cachedReference<T>(db: object, key: string, load: () => Promise<T>, ttlMs = 60_000): Promise<T> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < ttlMs) return hit.value as Promise<T>;
  const value = load();
  cache.set(key, { at: Date.now(), value });
  // A failed read is not remembered.
  value.catch(() => {
    if (cache.get(key)?.value === value) cache.delete(key);
  });
  return value;
}
