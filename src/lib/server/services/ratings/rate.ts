/**
 * Rating a series: ratings are a pure function of the series' rated matches (competitive and event, posted or
 * being posted, both teams registered) replayed in date order, ties by id.
 *
 * - `rateQueued` posts the queued matches of one series. When every queued match comes after the newest rated
 *   match, it continues from the stored team ratings (incremental); when one is backdated (not later than the
 *   newest rated match) it replays the whole series (exact, and cheap: 100,000 matches replay in well under a second).
 * - `recomputeSeries` replays the whole series from the prior: team ratings, match before/after columns and the
 *   rating history are rewritten. Both paths produce bit-identical numbers.
 * - A match against an unregistered team (null team id) is posted but changes no rating (its rating columns stay
 *   null): there is no rating to update on that side, and a phantom opponent would inflate the registered side.
 */
import type { RatedMatch, TeamRating } from '#lib/domain/rating/index.ts';
import { replayRatings } from '#lib/domain/rating/index.ts';
import type { DB } from '#lib/server/db/index.ts';
import type { SeriesRow } from '#lib/server/db/tables/series.ts';
import {
  clearRatingQueue,
  listQueuedMatches,
  listRatingMatches,
  loadTeamRatings,
  lockSeries,
  queuedMatchIds,
  ratedMatchAfter,
  skipFriendlies,
  type RatingMatchRow,
} from '#lib/server/repositories/ratings.ts';
import { isDrawnResult, seriesReplayParams } from './params.ts';
import { writeFullReplay, writeIncrementalReplay } from './write.ts';

/** What a rating pass did. */
export interface RatingPass {
  series_id: number;
  mode: 'incremental' | 'full' | 'none';
  /** Matches newly set to posted. */
  posted: number;
  /** Matches whose ratings were (re)computed. */
  rated: number;
  /** Match ids whose status changed to posted (their players' skills and percentiles need refreshing). */
  posted_ids: number[];
}

const isRated = (m: RatingMatchRow): m is RatingMatchRow & { winner_team_id: number; loser_team_id: number } =>
  m.winner_team_id !== null && m.loser_team_id !== null && m.winner_team_id !== m.loser_team_id;

function toRated(m: RatingMatchRow & { winner_team_id: number; loser_team_id: number }): RatedMatch {
  return {
    id: m.id,
    winner: m.winner_team_id,
    loser: m.loser_team_id,
    result: m.result,
    date: m.date,
    drawn: isDrawnResult(m.result),
    counted: m.visibility !== 'private',
  };
}

/** Replays the whole series from the prior inside `trx` (the caller holds the series lock). */
async function replayFull(trx: DB, series: SeriesRow, matches: RatingMatchRow[]): Promise<RatingPass> {
  const queued = matches.filter((m) => m.status === 'queued');
  const rated = matches.filter(isRated);
  const replay = replayRatings(rated.map(toRated), seriesReplayParams(series));
  await writeFullReplay(trx, series, matches, replay);
  return {
    series_id: series.id,
    mode: 'full',
    posted: queued.length,
    rated: rated.length,
    posted_ids: queued.map((m) => m.id),
  };
}

/** Continues from the stored team ratings with the queued matches (all later than the newest rated match). */
async function replayIncremental(trx: DB, series: SeriesRow, queued: RatingMatchRow[]): Promise<RatingPass> {
  const rated = queued.filter(isRated);
  const teamIds = [...new Set(rated.flatMap((m) => [m.winner_team_id, m.loser_team_id]))];
  const initial = new Map<number, TeamRating>();
  for (const r of await loadTeamRatings(trx, series.id, teamIds)) {
    initial.set(r.team_id, {
      mu: r.mu,
      sigma: r.sigma,
      num_matches: r.num_matches,
      wins: r.wins,
      losses: r.losses,
      last_updated: r.last_updated,
    });
  }
  const replay = replayRatings(rated.map(toRated), seriesReplayParams(series), initial);
  await writeIncrementalReplay(trx, series.id, queued, replay);
  return {
    series_id: series.id,
    mode: 'incremental',
    posted: queued.length,
    rated: rated.length,
    posted_ids: queued.map((m) => m.id),
  };
}

async function loadSeries(trx: DB, seriesId: number): Promise<SeriesRow> {
  await lockSeries(trx, seriesId);
  return trx.selectFrom('series').selectAll().where('id', '=', seriesId).executeTakeFirstOrThrow();
}

/**
 * Posts the queued matches of a series inside `trx` (a transaction): incremental when none is backdated, else a
 * full replay. Queued friendlies become 'skipped'.
 */
export async function rateQueued(trx: DB, seriesId: number): Promise<RatingPass> {
  const series = await loadSeries(trx, seriesId);
  const ids = await queuedMatchIds(trx, seriesId);
  const listed = await listQueuedMatches(trx, seriesId, ids);
  const skipped = await skipFriendlies(
    trx,
    seriesId,
    listed.filter((m) => m.type === 'friendly').map((m) => m.id),
  );
  const queued = listed.filter((m) => m.type !== 'friendly');
  let pass: RatingPass = { series_id: seriesId, mode: 'none', posted: 0, rated: 0, posted_ids: [] };
  if (queued.length > 0) {
    // Incremental unless a rated match is already stored after the earliest queued one that changes ratings.
    const first = queued.find(isRated);
    const backdated = first !== undefined && (await ratedMatchAfter(trx, seriesId, first));
    pass = backdated
      ? await replayFull(trx, series, await listRatingMatches(trx, seriesId))
      : await replayIncremental(trx, series, queued);
  }
  await clearRatingQueue(trx, seriesId, ids, new Set([...skipped, ...pass.posted_ids]));
  return pass;
}

/** Replays the whole series from its prior inside `trx`, posting any queued matches on the way. */
export async function recomputeRatings(trx: DB, seriesId: number): Promise<RatingPass> {
  const series = await loadSeries(trx, seriesId);
  const ids = await queuedMatchIds(trx, seriesId);
  const skipped = await skipFriendlies(trx, seriesId, ids);
  const pass = await replayFull(trx, series, await listRatingMatches(trx, seriesId));
  await clearRatingQueue(trx, seriesId, ids, new Set([...skipped, ...pass.posted_ids]));
  return pass;
}
