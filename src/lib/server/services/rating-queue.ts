/**
 * The in-process rating worker. `notifyQueued(db)` asks for the queued matches to be rated soon: one worker per
 * database runs at a time, notifications during a run coalesce into one more run, failures are logged and never
 * reach the caller. Callers notify after the transaction that queued a match has committed.
 * `notifySeriesChanged(db, seriesId)` asks for a full recompute of a series whose rated matches changed in another
 * way (a posted match deleted, or re-parsed with another result, date or teams); it runs in the same worker.
 */
import type { DB } from '#lib/server/db/index.ts';
import { processQueuedMatches, recomputeSeries } from './ratings/process.ts';
import { invalidatePublicReads } from '#lib/server/http/read-cache.ts';

interface WorkerState {
  running: Promise<void> | null;
  again: boolean;
  /** While > 0, notifications are only remembered (bulk writers rate once at the end). */
  paused: number;
  /** Series waiting for a full recompute. */
  recompute: Set<number>;
}

// Per database handle (tests run several); a WeakMap lets a closed database's state go.
const workers = new WeakMap<DB, WorkerState>();

function stateOf(db: DB): WorkerState {
  let state = workers.get(db);
  if (!state) workers.set(db, (state = { running: null, again: false, paused: 0, recompute: new Set() }));
  return state;
}

async function drain(db: DB, state: WorkerState): Promise<void> {
  try {
    do {
      state.again = false;
      for (const seriesId of [...state.recompute]) {
        state.recompute.delete(seriesId);
        try {
          await recomputeSeries(db, seriesId);
        } catch (error) {
          console.error(`Recomputing series ${seriesId} failed:`, error);
        } finally {
          invalidatePublicReads(db);
        }
      }
      try {
        // Ratings, skills and statistics change public answers: drop cached ones once each pass commits.
        if ((await processQueuedMatches(db)).length > 0) invalidatePublicReads(db);
      } catch (error) {
        console.error('Rating queued matches failed:', error);
        invalidatePublicReads(db);
      }
    } while (state.again);
  } finally {
    state.running = null;
  }
}

/**
 * Asks for the queued matches of the database to be rated soon (within a second). Call it after the transaction
 * that queued a match has committed; it never throws and never blocks the caller.
 */
export function notifyQueued(db: DB): void {
  try {
    const state = stateOf(db);
    if (state.running || state.paused > 0) {
      state.again = true;
      return;
    }
    // Start on the next tick so that the caller's response goes out first.
    state.running = new Promise<void>((resolve) => setImmediate(resolve)).then(() => drain(db, state));
  } catch (error) {
    console.error('Could not schedule rating:', error);
  }
}

/**
 * Asks for a full recompute of the series soon (ratings, skills, percentiles, statistics), e.g. after a posted
 * match was deleted or re-parsed. Call it after the change has committed; it never throws.
 */
export function notifySeriesChanged(db: DB, seriesId: number): void {
  try {
    stateOf(db).recompute.add(seriesId);
  } catch (error) {
    console.error('Could not schedule a recompute:', error);
  }
  notifyQueued(db);
}

/** Resolves when the worker of `db` has nothing left to do (tests, the demo generator, graceful shutdown). */
export async function ratingQueueIdle(db: DB): Promise<void> {
  const state = workers.get(db);
  while (state?.running) await state.running;
}

/**
 * Holds the worker of `db` while `fn` runs (e.g. the demo generator approving hundreds of matches, which then rates
 * each series once); a notification that arrived meanwhile starts the worker afterwards.
 */
export async function withRatingQueuePaused<T>(db: DB, fn: () => Promise<T>): Promise<T> {
  const state = stateOf(db);
  await ratingQueueIdle(db);
  state.paused++;
  try {
    return await fn();
  } finally {
    state.paused--;
    if (state.paused === 0 && state.again) {
      state.again = false;
      notifyQueued(db);
    }
  }
}
