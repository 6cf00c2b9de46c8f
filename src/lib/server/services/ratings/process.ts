import type { DB } from '#lib/server/db/index.ts';
import type { MatchType } from '#lib/server/db/tables/matches.ts';
import { friendliesChanged } from '#lib/server/repositories/player-skills.ts';
import {
  lockSeries,
  seriesWithQueuedMatches,
  setDerivedStale,
  setRatingsStale,
} from '#lib/server/repositories/ratings.ts';
import { rateQueued, recomputeRatings, type RatingPass } from './rate.ts';
import { GAME_TYPES, refreshPercentiles, refreshPlayerSkills } from './skills.ts';
import { refreshSeriesStatistics } from './statistics.ts';
import { enqueueRatingPass, rankingBefore } from '#lib/server/services/webhooks/events.ts';
import { noProgress, type Progress } from '#lib/server/progress.ts';

/** A rating pass plus the derived data it refreshed. */
export interface SeriesUpdate extends RatingPass {
  skills: number;
  percentiles: number;
}

async function postedTypes(trx: DB, ids: readonly number[]): Promise<MatchType[]> {
  if (ids.length === 0) return [];
  const rows = await trx
    .selectFrom('matches')
    .select('type')
    .distinct()
    .where('id', 'in', [...ids])
    .execute();
  return rows.map((r) => r.type);
}

/**
 * Refreshes what depends on a series' posted matches, in ONE transaction: the player skills of `gameTypes` (and of
 * friendlies when one was accepted since they were computed: friendlies are never queued), the percentiles of
 * matches that lack them, and the series statistics. Idempotent.
 */
export function refreshDerived(
  db: DB,
  seriesId: number,
  gameTypes: readonly MatchType[],
): Promise<{ skills: number; percentiles: number }> {
  return db.transaction().execute(async (trx) => {
    // Two instances (or the server and the CLI) refreshing one series at once would both rewrite its skills and
    // collide on their keys: one at a time per series, as rating passes are.
    await lockSeries(trx, seriesId);
    const types = new Set<MatchType>(gameTypes);
    if (await friendliesChanged(trx, seriesId)) types.add('friendly');
    const skills = await refreshPlayerSkills(trx, seriesId, [...types]);
    const percentiles = await refreshPercentiles(trx, seriesId, 'missing');
    await refreshSeriesStatistics(trx, seriesId);
    await setDerivedStale(trx, seriesId, false);
    return { skills, percentiles };
  });
}

/** A committed rating pass and the game types it posted (whose derived data now needs refreshing). */
export interface RatedSeries {
  pass: RatingPass;
  types: MatchType[];
}

/**
 * Posts every queued match of every series, one rating transaction per series, and marks each series' derived data
 * stale (refreshDerived clears the mark). The refresh is the caller's: the rating worker coalesces it.
 */
export async function rateQueuedMatches(db: DB): Promise<RatedSeries[]> {
  const passes: RatedSeries[] = [];
  for (const seriesId of await seriesWithQueuedMatches(db)) {
    passes.push(
      await db.transaction().execute(async (trx) => {
        const ranked = await rankingBefore(trx, seriesId);
        const pass = await rateQueued(trx, seriesId);
        // Announced in the same transaction: a pass that commits has its messages in the outbox, one that fails none.
        await enqueueRatingPass(trx, pass, ranked);
        // Cleared by the refresh; left set if the process stops first, so that the next start refreshes.
        await setDerivedStale(trx, seriesId, true);
        return { pass, types: await postedTypes(trx, pass.posted_ids) };
      }),
    );
  }
  return passes;
}

/**
 * Posts every queued match of every series (one rating transaction per series, all series first), then refreshes
 * each series' derived data.
 */
export async function processQueuedMatches(db: DB): Promise<SeriesUpdate[]> {
  const out: SeriesUpdate[] = [];
  for (const { pass, types } of await rateQueuedMatches(db))
    out.push({ ...pass, ...(await refreshDerived(db, pass.series_id, types)) });
  return out;
}

/**
 * Recomputes a series from scratch in ONE transaction: ratings of all its rated matches from the prior (posting
 * queued ones), every player skill, every in-match percentile, and the statistics. Gives exactly the numbers
 * the incremental path gives. Clears the series' marks of work left undone (ratings_stale, derived_stale).
 */
export function recomputeSeries(db: DB, seriesId: number, progress: Progress = noProgress): Promise<SeriesUpdate> {
  return db.transaction().execute(async (trx) => {
    const step = progress.step('Recomputing ratings, skills, percentiles and statistics', 4, 'parts');
    try {
      // One at a time per series, as rating passes are; a deletion marking the series waits for it (match-actions.ts).
      await lockSeries(trx, seriesId);
      const ranked = await rankingBefore(trx, seriesId);
      const pass = await recomputeRatings(trx, seriesId);
      await enqueueRatingPass(trx, pass, ranked);
      step.advance();
      const skills = await refreshPlayerSkills(trx, seriesId, GAME_TYPES);
      step.advance();
      const percentiles = await refreshPercentiles(trx, seriesId, 'all');
      step.advance();
      await refreshSeriesStatistics(trx, seriesId);
      await setDerivedStale(trx, seriesId, false);
      await setRatingsStale(trx, seriesId, false);
      step.advance();
      return { ...pass, skills, percentiles };
    } finally {
      step.end();
    }
  });
}
