import type { DB } from '#lib/server/db/index.ts';

// Keyed by database handle so that test servers of different engines in one process never share results.
const inFlight = new WeakMap<DB, Map<string, Promise<unknown>>>();

/**
 * Runs `compute` unless a computation with the same `key` on the same database is in flight, in which case its
 * result (or error) is shared. Nothing is kept once it settles, so an answer is never older than the request that
 * waits for it by more than one computation: under load many callers ask for the same thing at the same moment.
 */
export function singleFlight<T>(db: DB, key: string, compute: () => Promise<T>): Promise<T> {
  let pending = inFlight.get(db);
  if (!pending) inFlight.set(db, (pending = new Map()));
  const existing = pending.get(key);
  if (existing) return existing as Promise<T>;
  const map = pending;
  const promise = compute().finally(() => map.delete(key));
  map.set(key, promise);
  return promise;
}
