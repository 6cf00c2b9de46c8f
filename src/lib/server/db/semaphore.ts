import type { DB } from './index.ts';

/*
 * Work that the database runs one at a time anyway (a transaction that takes a lock every other one of its kind
 * waits for) is better queued here: each waiter there holds a pooled connection while it waits, and a burst of them
 * holds the whole pool, so that every other request waits too (bench:load measured it: the pool stalled and pages
 * and API reads answered 503). Queued here, a waiter holds nothing.
 */

interface Turns {
  running: number;
  waiting: (() => void)[];
}

// Per database handle (tests run several) and kind of work.
const queues = new WeakMap<DB, Map<string, Turns>>();

/**
 * Runs `work` once fewer than `at` works of `kind` on `db` run in this process (first come, first served); resolves
 * as `work` does. With `at` = 1 each runs after the previous one has settled. A few at once (`at` > 1) let the part
 * of a transaction before its lock overlap the one holding the lock, so that the next takes it the moment it is free
 * (no round trip of this process in between), while at most `at` pooled connections wait on it.
 */
export async function underSemaphore<T>(db: DB, kind: string, work: () => Promise<T>, at = 1): Promise<T> {
  let byKind = queues.get(db);
  if (!byKind) queues.set(db, (byKind = new Map()));
  let turns = byKind.get(kind);
  if (!turns) byKind.set(kind, (turns = { running: 0, waiting: [] }));
  if (turns.running >= at) await new Promise<void>((resolve) => turns.waiting.push(resolve));
  else turns.running++;
  try {
    return await work();
  } finally {
    // The turn passes to the next waiter as is; the last one out removes the kind, so that an idle kind holds nothing.
    const next = turns.waiting.shift();
    if (next) next();
    else if (--turns.running === 0) byKind.delete(kind);
  }
}
