/**
 * A per-instance cache for small public reads (tracking numbers, metadata overrides). The CDN keeps
 * their answers for 5 minutes anyway; holding them here for seconds spares the database one query per
 * request under load, and concurrent misses share one query.
 */
import { resolveDatabase } from '../db/connect';

/** How long a warm function instance reuses a public read. */
export const shortCacheMs = 30_000;

/** `fn`, remembered for `ttlMs` after it resolves; a failure is not remembered. */
export function cacheFor<T>(ttlMs: number, fn: () => Promise<T>, now: () => number = Date.now): () => Promise<T> {
  let entry: { value: Promise<T>; expires: number } | undefined;
  return () => {
    if (entry && now() < entry.expires) return entry.value;
    const value = fn();
    const current = { value, expires: Infinity };
    entry = current;
    value.then(
      () => {
        current.expires = now() + ttlMs;
      },
      () => {
        if (entry === current) entry = undefined;
      },
    );
    return value;
  };
}

/**
 * cacheFor with one cache per configured database, since tests point one process at several in turn.
 * `clear()` forgets every answer, for a write in this instance that readers must see at once.
 */
export function cachePerDatabase<T>(ttlMs: number, fn: () => Promise<T>): (() => Promise<T>) & { clear(): void } {
  const caches = new Map<string, () => Promise<T>>();
  const read = () => {
    const key = JSON.stringify(resolveDatabase());
    let cached = caches.get(key);
    if (!cached) caches.set(key, (cached = cacheFor(ttlMs, fn)));
    return cached();
  };
  return Object.assign(read, { clear: () => caches.clear() });
}
