import { afterEach, expect, it, vi } from 'vitest';
import { cachedReference } from '../src/lib/reference-cache.ts';

afterEach(() => vi.useRealTimers());

it('reads reference data once a minute per database, and never remembers a failed read', async () => {
  vi.useFakeTimers();
  const db = {};
  const load = vi.fn(async () => ['equity']);
  expect(await cachedReference(db, 'segments', load)).toEqual(['equity']);
  expect(await cachedReference(db, 'segments', load)).toEqual(['equity']);
  expect(load).toHaveBeenCalledTimes(1);
  // another database has its own copy
  await cachedReference({}, 'segments', load);
  expect(load).toHaveBeenCalledTimes(2);
  vi.advanceTimersByTime(60_001);
  await cachedReference(db, 'segments', load);
  expect(load).toHaveBeenCalledTimes(3);

  const failing = vi.fn().mockRejectedValueOnce(new Error('database down')).mockResolvedValue(['ok']);
  await expect(cachedReference(db, 'lists', failing)).rejects.toThrow('database down');
  expect(await cachedReference(db, 'lists', failing)).toEqual(['ok']);
});
