/**
 * The in-process rating worker. `notifyQueued(db)` asks for the queued matches to be rated soon: one worker per
 * database runs at a time, notifications during a run coalesce into one more run, failures are logged and never
 * reach the caller. Callers notify after the transaction that queued a match has committed.
 * After a pass, a series that grew enough refits its rating model (see ratings/refit.ts).
 * `notifySeriesChanged(db, seriesId)` asks for a full recompute of a series whose rated matches changed in another
 * way (a posted match deleted, or re-parsed with another result, date or teams); it runs in the same worker.
 * Each pass posts its matches at once; the refresh of derived data that follows (player skills of the whole series,
 * percentiles, statistics: seconds on a large series) is coalesced: a series refreshed a moment ago waits three times
 * as long as its last refresh took (at most MAX_REFRESH_WAIT_MS), so that during a stream of approvals refreshing
 * takes at most a quarter of the worker's time. Rating passes go on meanwhile, and ratingQueueIdle refreshes at once.
 */
import type { DB } from '#lib/server/db/index.ts';
import { seriesWithStaleDerived, seriesWithStaleRatings } from '#lib/server/repositories/ratings.ts';
import type { MatchType } from '#lib/server/db/tables/matches.ts';
import { rateQueuedMatches, recomputeSeries, refreshDerived } from './ratings/process.ts';
import { GAME_TYPES } from './ratings/skills.ts';
import { refitSeries } from './ratings/refit.ts';
import { announceDataChange } from '#lib/server/db/changes.ts';
import { notifyWebhooks } from './webhooks/worker.ts';
import { afterResponse } from '#lib/server/core/after-response.ts';

interface WorkerState {
  running: Promise<void> | null;
  again: boolean;
  /** While > 0, notifications are only remembered (bulk writers rate once at the end). */
  paused: number;
  /** Series waiting for a full recompute. */
  recompute: Set<number>;
  /** Set at start: look for refreshes the previous process left undone. */
  resume: boolean;
  /** Series whose derived data waits for a refresh, with the game types their passes posted. */
  derived: Map<number, Set<MatchType>>;
  /** When each series may be refreshed again (epoch ms). */
  refreshAt: Map<number, number>;
  /** Set while someone waits for the worker to be idle: refresh without waiting. */
  flush: boolean;
  /** Ends the wait for a refresh early (new work, or a flush). */
  wake: (() => void) | null;
}

/** The longest a series' refresh is held back after the previous one. */
const MAX_REFRESH_WAIT_MS = 10_000;
/** A refresh that took T waits REFRESH_SPACING * T after it before the next of its series. */
const REFRESH_SPACING = 3;

// Per database handle (tests run several); a WeakMap lets a closed database's state go.
const workers = new WeakMap<DB, WorkerState>();

function stateOf(db: DB): WorkerState {
  let state = workers.get(db);
  if (!state)
    workers.set(
      db,
      (state = {
        running: null,
        again: false,
        paused: 0,
        recompute: new Set(),
        resume: false,
        derived: new Map(),
        refreshAt: new Map(),
        flush: false,
        wake: null,
      }),
    );
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
      announceDataChange(db);
    }
  } catch (error) {
    console.error('Refreshing series left unrefreshed failed:', error);
  }
}

/** Refreshes the derived data of the waiting series whose time has come (all of them with `force`). */
async function refreshDue(db: DB, state: WorkerState, force: boolean): Promise<void> {
  for (const [seriesId, types] of [...state.derived]) {
    if (!force && (state.refreshAt.get(seriesId) ?? 0) > Date.now()) continue;
    state.derived.delete(seriesId);
    const started = Date.now();
    try {
      await refreshDerived(db, seriesId, [...types]);
    } catch (error) {
      // The series stays marked (derived_stale): the next start refreshes it.
      console.error(`Refreshing the skills and statistics of series ${seriesId} failed:`, error);
    } finally {
      announceDataChange(db);
    }
    const took = Date.now() - started;
    state.refreshAt.set(seriesId, Date.now() + Math.min(MAX_REFRESH_WAIT_MS, REFRESH_SPACING * took));
  }
}

/** Waits until the first waiting series may be refreshed, or until woken (new work, a flush). */
function waitForRefresh(state: WorkerState): Promise<void> {
  if (state.again || state.flush) return Promise.resolve();
  const due = Math.min(...[...state.derived.keys()].map((id) => state.refreshAt.get(id) ?? 0));
  const ms = due - Date.now();
  if (ms <= 0) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      state.wake = null;
      resolve();
    }
    state.wake = done;
  });
}

/**
 * Recomputes the series waiting for it and posts the queued matches, then refits the series that grew. True when
 * a recompute, a pass or an adopted fit committed, and so may have enqueued webhook announcements
 * (services/webhooks/events.ts).
 */
async function rateOnce(db: DB, state: WorkerState): Promise<boolean> {
  let committed = false;
  if (state.resume) {
    state.resume = false;
    await resumeUnfinishedSeries(db, state);
  }
  for (const seriesId of [...state.recompute]) {
    state.recompute.delete(seriesId);
    // The recompute refreshes everything derived too.
    state.derived.delete(seriesId);
    try {
      await recomputeSeries(db, seriesId);
      committed = true;
    } catch (error) {
      console.error(`Recomputing series ${seriesId} failed:`, error);
    } finally {
      announceDataChange(db);
    }
  }
  let rated: number[] = [];
  try {
    const passes = await rateQueuedMatches(db);
    for (const { pass, types } of passes) {
      const waiting = state.derived.get(pass.series_id) ?? new Set<MatchType>();
      for (const type of types) waiting.add(type);
      state.derived.set(pass.series_id, waiting);
    }
    // Ratings change public answers: drop cached ones once each pass commits.
    if (passes.length > 0) {
      committed = true;
      announceDataChange(db);
    }
    rated = passes.filter((p) => p.pass.rated > 0).map((p) => p.pass.series_id);
  } catch (error) {
    console.error('Rating queued matches failed:', error);
    announceDataChange(db);
  }
  for (const seriesId of rated) {
    try {
      // A series that has grown enough refits its model; an adopted fit replays the series.
      if ((await refitSeries(db, seriesId, 'auto'))?.adopted) {
        committed = true;
        announceDataChange(db);
      }
    } catch (error) {
      console.error(`Refitting the rating model of series ${seriesId} failed:`, error);
    }
  }
  return committed;
}

/**
 * Rates until no notification arrived during the last round. Each round announces what it committed at once (the
 * refreshes after it can wait seconds) and ends with the refreshes due by then (all of them while flushing).
 */
async function rateUntilIdle(db: DB, state: WorkerState): Promise<void> {
  do {
    state.again = false;
    if (await rateOnce(db, state)) notifyWebhooks(db);
    await refreshDue(db, state, state.flush);
  } while (state.again);
}

/** Waits for the next refresh to come due (or for new work, or a flush) and runs the refreshes then due. */
async function refreshWhenDue(db: DB, state: WorkerState): Promise<void> {
  await waitForRefresh(state);
  if (!state.again) await refreshDue(db, state, state.flush);
}

/** The worker's run: rate until idle, refresh the waiting series as they come due, and rate again on new work. */
async function drain(db: DB, state: WorkerState): Promise<void> {
  try {
    do {
      await rateUntilIdle(db, state);
      while (state.derived.size > 0 && !state.again) await refreshWhenDue(db, state);
    } while (state.again);
  } finally {
    state.running = null;
    state.flush = false;
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
      state.wake?.();
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
  while (state?.running) {
    // Nobody waits for a coalesced refresh while someone waits for the worker.
    state.flush = true;
    state.wake?.();
    await state.running;
  }
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
