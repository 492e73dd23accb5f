/**
 * A session token kept for this browser tab only (sessionStorage), apart from the other kinds of
 * session: the staff's and the client's each have one (components follow it with
 * useSyncExternalStore(store.subscribe, store.get)).
 */

export interface TabToken {
  get(): string | null;
  set(value: string | null): void;
  subscribe(listener: () => void): () => void;
}

export function tabToken(key: string): TabToken {
  const listeners = new Set<() => void>();
  let token: string | null = null;
  try {
    token = sessionStorage.getItem(key);
  } catch {
    // no storage: the session lasts until reload
  }
  const store: TabToken = {
    get: () => token,
    set(value) {
      token = value;
      try {
        if (value) sessionStorage.setItem(key, value);
        else sessionStorage.removeItem(key);
      } catch {
        // no storage: the session lasts until reload
      }
      listeners.forEach((l) => l());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
  return store;
}
