import type { DB } from './index.ts';

/*
 * Work that the database runs one at a time anyway (a transaction that takes a lock every other one of its kind
 * waits for) is better queued here: each waiter there holds a pooled connection while it waits, and a burst of them
 * holds the whole pool, so that every other request waits too (bench:load measured it: the pool stalled and pages
 * and API reads answered 503). Queued here, a waiter holds nothing.
 */

// Per database handle (tests run several) and kind of work.
const queues = new WeakMap<DB, Map<string, Promise<unknown>>>();

/** Runs `work` after the previous work of `kind` on `db` in this process has settled; resolves as `work` does. */
export function inTurn<T>(db: DB, kind: string, work: () => Promise<T>): Promise<T> {
  let byKind = queues.get(db);
  if (!byKind) queues.set(db, (byKind = new Map()));
  const previous = byKind.get(kind) ?? Promise.resolve();
  const turn = previous.then(work, work);
  const settled = turn.then(
    () => {},
    () => {},
  );
  byKind.set(kind, settled);
  // The last in the queue removes it, so that an idle kind holds no promise.
  void settled.then(() => {
    if (byKind.get(kind) === settled) byKind.delete(kind);
  });
  return turn;
}
