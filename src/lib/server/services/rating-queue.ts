/**
 * The in-process rating worker. `notifyQueued(db)` asks for the queued matches to be rated soon: one worker per
 * database runs at a time, notifications during a run coalesce into one more run, failures are logged and never
 * reach the caller. Callers notify after the transaction that queued a match has committed.
 * After a pass, a series that grew enough refits its rating model (see ratings/refit.ts).
 * `notifySeriesChanged(db, seriesId)` asks for a full recompute of a series whose rated matches changed in another
 * way (a posted match deleted, or re-parsed with another result, date or teams); it runs in the same worker.
 */
import type { DB } from '#lib/server/db/index.ts';
import { seriesWithStaleDerived, seriesWithStaleRatings } from '#lib/server/repositories/ratings.ts';
import { processQueuedMatches, recomputeSeries, refreshDerived } from './ratings/process.ts';
import { GAME_TYPES } from './ratings/skills.ts';
import { refitSeries } from './ratings/refit.ts';
import { invalidatePublicReads } from '#lib/server/http/read-cache.ts';
import { notifyWebhooks } from './webhooks/worker.ts';
import { afterResponse } from '#lib/server/http/after-response.ts';

interface WorkerState {
  running: Promise<void> | null;
  again: boolean;
  /** While > 0, notifications are only remembered (bulk writers rate once at the end). */
  paused: number;
  /** Series waiting for a full recompute. */
  recompute: Set<number>;
  /** Set at start: look for refreshes the previous process left undone. */
  resume: boolean;
}

// Per database handle (tests run several); a WeakMap lets a closed database's state go. Kept on globalThis like the
// handle itself (db/index.ts): the site server (scripts/serve.ts) and the built site each load a copy of this module,
// and a graceful stop must wait for the worker that the built site's approvals started.
const holder = globalThis as typeof globalThis & { __hssRatingWorkers?: WeakMap<DB, WorkerState> };
const workers = (holder.__hssRatingWorkers ??= new WeakMap<DB, WorkerState>());

function stateOf(db: DB): WorkerState {
  let state = workers.get(db);
  if (!state)
    workers.set(db, (state = { running: null, again: false, paused: 0, recompute: new Set(), resume: false }));
  return state;
}

/**
 * Schedules a full recompute of every series whose recompute after a posted match's deletion never committed, and
 * refreshes the derived data of every other series whose refresh after a rating pass never committed.
 */
async function resumeUnfinishedSeries(db: DB, state: WorkerState): Promise<void> {
  try {
    for (const seriesId of await seriesWithStaleRatings(db)) state.recompute.add(seriesId);
    for (const seriesId of await seriesWithStaleDerived(db)) {
      if (state.recompute.has(seriesId)) continue; // the recompute refreshes everything
      // Which game types the cut-off pass posted is unknown now: refresh them all.
      await refreshDerived(db, seriesId, GAME_TYPES);
      invalidatePublicReads(db);
    }
  } catch (error) {
    console.error('Refreshing series left unrefreshed failed:', error);
  }
}

async function drain(db: DB, state: WorkerState): Promise<void> {
  try {
    do {
      state.again = false;
      if (state.resume) {
        state.resume = false;
        await resumeUnfinishedSeries(db, state);
      }
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
      let rated: number[] = [];
      try {
        // Ratings, skills and statistics change public answers: drop cached ones once each pass commits.
        const updates = await processQueuedMatches(db);
        if (updates.length > 0) invalidatePublicReads(db);
        rated = updates.filter((u) => u.rated > 0).map((u) => u.series_id);
      } catch (error) {
        console.error('Rating queued matches failed:', error);
        invalidatePublicReads(db);
      }
      for (const seriesId of rated) {
        try {
          // A series that has grown enough refits its model; an adopted fit replays the series.
          if ((await refitSeries(db, seriesId, 'auto'))?.adopted) invalidatePublicReads(db);
        } catch (error) {
          console.error(`Refitting the rating model of series ${seriesId} failed:`, error);
        }
      }
    } while (state.again);
    // A pass may have enqueued announcements (services/webhooks/events.ts), committed by now.
    notifyWebhooks(db);
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
    // Start once the caller's response has gone out: on the embedded database a rating pass holds this thread,
    // and an approval waited for the whole pass (2-8 s) before its answer was written.
    state.running = new Promise<void>((resolve) => afterResponse(resolve)).then(() => drain(db, state));
  } catch (error) {
    console.error('Could not schedule rating:', error);
  }
}

/**
 * After the database is opened: rates the matches the previous process left queued, recomputes the series whose
 * recompute after a deletion it never committed, and refreshes the skills, percentiles and statistics of series whose
 * refresh it never committed (stopped or killed between an approval's rating pass and its refresh). The worker's
 * queue lives in memory; what it would have lost is marked in the database (series.ratings_stale, derived_stale).
 */
export function resumeRatingWork(db: DB): void {
  try {
    stateOf(db).resume = true;
  } catch (error) {
    console.error('Could not schedule resuming the rating work:', error);
  }
  notifyQueued(db);
}

/**
 * Asks for a full recompute of the series soon (ratings, skills, percentiles, statistics), e.g. after a posted
 * match was deleted or re-parsed. Call it after the change has committed; it never throws. So that a process stopped
 * first still gets it done, the change's transaction marks the series (setRatingsStale), cleared by the recompute.
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
