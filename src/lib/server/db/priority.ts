import { AsyncLocalStorage } from 'node:async_hooks';

/*
 * Under a crowd every pooled connection is waited for, and most waiters are reads that a cache could answer a moment
 * later. A write (a match report, an approval) waits several times in one request (look-ups, then its transaction,
 * which holds the report's turn meanwhile: db/semaphore.ts), so it is handed the next free connection before them.
 */

const urgency = new AsyncLocalStorage<true>();

/**
 * Runs `work` with its PostgreSQL pool waits served first: every connection it (and what it awaits) asks for is
 * handed out before those of other work waiting for one (first come, first served among urgent ones).
 */
export function urgently<T>(work: () => Promise<T>): Promise<T> {
  return urgency.run(true, work);
}

/** True inside `urgently`. */
export function isUrgent(): boolean {
  return urgency.getStore() === true;
}
