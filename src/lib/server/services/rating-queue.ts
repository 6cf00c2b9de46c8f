import type { DB } from '../db/index.ts';

/**
 * Asks for the queued matches of the database to be rated soon (the ratings service replaces this body).
 * Call it after the transaction that queued a match has committed; it never throws and never blocks the caller.
 */
export function notifyQueued(db: DB): void {
  void db;
}
