import type { DB } from '../../db/index.ts';
import type { MatchType } from '../../db/tables/matches.ts';
import { seriesWithQueuedMatches } from '../../repositories/ratings.ts';
import { rateQueued, recomputeRatings, type RatingPass } from './rate.ts';
import { GAME_TYPES, refreshPercentiles, refreshPlayerSkills } from './skills.ts';
import { refreshSeriesStatistics } from './statistics.ts';

/** A rating pass plus the derived data it refreshed. */
export interface SeriesUpdate extends RatingPass {
  skills: number;
  percentiles: number;
}

async function postedTypes(trx: DB, ids: readonly number[]): Promise<MatchType[]> {
  if (ids.length === 0) return [];
  const rows = await trx.selectFrom('matches').select('type').distinct().where('id', 'in', [...ids]).execute();
  return rows.map((r) => r.type);
}

/**
 * Posts the queued matches of one series and refreshes what depends on them, in ONE transaction: ratings, the
 * player skills of the game types concerned (friendlies too, whose accepted reports are never queued), the
 * percentiles of matches that lack them, and the series statistics.
 */
export function processSeriesQueue(db: DB, seriesId: number): Promise<SeriesUpdate> {
  return db.transaction().execute(async (trx) => {
    const pass = await rateQueued(trx, seriesId);
    const types = new Set<MatchType>([...(await postedTypes(trx, pass.posted_ids)), 'friendly']);
    const skills = await refreshPlayerSkills(trx, seriesId, [...types]);
    const percentiles = await refreshPercentiles(trx, seriesId, 'missing');
    await refreshSeriesStatistics(trx, seriesId);
    return { ...pass, skills, percentiles };
  });
}

/** Posts every queued match of every series (one transaction per series). */
export async function processQueuedMatches(db: DB): Promise<SeriesUpdate[]> {
  const out: SeriesUpdate[] = [];
  for (const seriesId of await seriesWithQueuedMatches(db)) out.push(await processSeriesQueue(db, seriesId));
  return out;
}

/**
 * Recomputes a series from scratch in ONE transaction: ratings of all its rated matches from the prior (posting
 * queued ones), every player skill, every in-match percentile, and the statistics. Gives exactly the numbers
 * the incremental path gives.
 */
export function recomputeSeries(db: DB, seriesId: number): Promise<SeriesUpdate> {
  return db.transaction().execute(async (trx) => {
    const pass = await recomputeRatings(trx, seriesId);
    const skills = await refreshPlayerSkills(trx, seriesId, GAME_TYPES);
    const ids = (await trx.selectFrom('matches').select('id').where('series_id', '=', seriesId).execute()).map((r) => r.id);
    const percentiles = await refreshPercentiles(trx, seriesId, ids);
    await refreshSeriesStatistics(trx, seriesId);
    return { ...pass, skills, percentiles };
  });
}
