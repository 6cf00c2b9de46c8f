import { sql } from 'kysely';
import type { DB } from '#lib/server/db/index.ts';
import type { CalculationStatus, MatchRow, MatchType } from '#lib/server/db/tables/matches.ts';
import type { RatingHistoryRow } from '#lib/server/db/tables/rating-history.ts';

/** A match that takes part in a series' rating replay (competitive or event, queued or posted), with its stored ratings. */
export interface RatingMatchRow extends MatchRatingWrite {
  date: Date;
  result: string;
  type: MatchType;
  status: CalculationStatus;
  winner_team_id: number | null;
  loser_team_id: number | null;
}

/** The rating columns of a match (see MatchRatingWrite). */
export const MATCH_RATING_COLUMNS = [
  'winner_mu_before',
  'winner_sigma_before',
  'loser_mu_before',
  'loser_sigma_before',
  'winner_mu_after',
  'winner_sigma_after',
  'loser_mu_after',
  'loser_sigma_after',
  'win_probability',
] as const;

/** A team's stored rating state in one series. */
export interface StoredTeamRating {
  team_id: number;
  mu: number;
  sigma: number;
  num_matches: number;
  wins: number;
  losses: number;
  last_updated: Date | null;
}

/** The rating columns of one match, as the replay computed them (all null for a match that is not rated). */
export type MatchRatingWrite = Pick<MatchRow, 'id' | (typeof MATCH_RATING_COLUMNS)[number]>;

/** One rating_history point of a series. */
export type HistoryWrite = Omit<RatingHistoryRow, 'id' | 'series_id'>;

// Bulk writes pass one JSON array parameter and expand it with json_to_recordset: one statement per chunk on both
// engines. Numbers survive exactly: JSON.stringify prints the shortest round-trip decimal and float8in parses it back.
// json, not jsonb: jsonb would parse every number into numeric first (100,000 match rows: 0.88 s of database CPU to
// expand as jsonb, 0.56 s as json).
const CHUNK = 5000;

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

/**
 * Ids of the series that have queued matches, oldest series first, from rating_queue (migration 0018): a scan of
 * matches instead would read every match (30-40 ms of database CPU at 100,000), as no index of matches may hold
 * calculation_status (rating passes update matches heap-only, migration 0017). May name a series whose queued
 * matches are gone meanwhile: its pass finds none and clears its entries.
 */
export async function seriesWithQueuedMatches(db: DB): Promise<number[]> {
  const rows = await db.selectFrom('rating_queue').select('series_id').distinct().orderBy('series_id').execute();
  return rows.map((r) => r.series_id);
}

/**
 * Removes the series' rating_queue entries whose match is no longer queued in it (posted by this pass, deleted,
 * moved or sent back). Run by each rating pass after its writes, in its transaction: a match queued meanwhile keeps
 * its entry (committed, it is still queued; not yet committed, its entry is not visible to this statement).
 */
export async function clearRatingQueue(db: DB, seriesId: number): Promise<void> {
  await sql`
    delete from rating_queue q where q.series_id = ${seriesId} and not exists (
      select from matches m where m.id = q.match_id and m.series_id = q.series_id and m.calculation_status = 'queued')
  `.execute(db);
}

/**
 * Ids of the series whose refresh after a rating pass (skills, percentiles, statistics) never committed: the process
 * stopped between the two transactions.
 */
export async function seriesWithStaleDerived(db: DB): Promise<number[]> {
  const rows = await db.selectFrom('series').select('id').where('derived_stale', '=', true).orderBy('id').execute();
  return rows.map((r) => r.id);
}

/** Marks whether the series' derived data waits for a refresh (set with a rating pass, cleared by the refresh). */
export async function setDerivedStale(db: DB, seriesId: number, stale: boolean): Promise<void> {
  await db.updateTable('series').set({ derived_stale: stale }).where('id', '=', seriesId).execute();
}

/** Ids of the series whose full recompute after a posted match was deleted never committed. */
export async function seriesWithStaleRatings(db: DB): Promise<number[]> {
  const rows = await db.selectFrom('series').select('id').where('ratings_stale', '=', true).orderBy('id').execute();
  return rows.map((r) => r.id);
}

/** Marks whether the series waits for a full recompute (set with a posted match's deletion, cleared by the recompute). */
export async function setRatingsStale(db: DB, seriesId: number, stale: boolean): Promise<void> {
  await db.updateTable('series').set({ ratings_stale: stale }).where('id', '=', seriesId).execute();
}

/**
 * Locks the series row for the rest of the transaction, so that two raters (server, CLI) never interleave. FOR NO
 * KEY UPDATE, not FOR UPDATE: inserting a match (or anything referencing the series) takes FOR KEY SHARE on the row
 * for its foreign key, which FOR UPDATE would make wait for the whole rating pass, each waiter holding a pooled
 * connection meanwhile.
 */
export async function lockSeries(db: DB, seriesId: number): Promise<void> {
  await sql`select id from series where id = ${seriesId} for no key update`.execute(db);
}

function ratingMatchesQuery(db: DB, seriesId: number) {
  return db
    .selectFrom('matches')
    .select([
      'id',
      'date',
      'result',
      'type',
      'calculation_status as status',
      'winner_team_id',
      'loser_team_id',
      ...MATCH_RATING_COLUMNS,
    ])
    .where('series_id', '=', seriesId)
    .where('type', '!=', 'friendly');
}

/**
 * The series' queued and posted non-friendly matches, in rating order: date, then id.
 * With `status` only matches of that status (a scan of the series: listQueuedMatches finds the queued ones cheaply).
 */
export function listRatingMatches(db: DB, seriesId: number, status?: CalculationStatus): Promise<RatingMatchRow[]> {
  return ratingMatchesQuery(db, seriesId)
    .where('calculation_status', status ? '=' : 'in', status ?? ['queued', 'posted'])
    .orderBy('date')
    .orderBy('id')
    .execute();
}

const queuedIds = (db: DB, seriesId: number) =>
  db.selectFrom('rating_queue').select('match_id').where('series_id', '=', seriesId);

/**
 * The series' queued non-friendly matches in rating order, found through rating_queue (every queued match has an
 * entry: the triggers of migration 0018 add it in the transaction that queues the match).
 */
export function listQueuedMatches(db: DB, seriesId: number): Promise<RatingMatchRow[]> {
  return ratingMatchesQuery(db, seriesId)
    .where('id', 'in', queuedIds(db, seriesId))
    .where('calculation_status', '=', 'queued')
    .orderBy('date')
    .orderBy('id')
    .execute();
}

/** The newest (date, id) of the series' posted matches that changed ratings, or undefined. */
export function lastRatedMatch(db: DB, seriesId: number): Promise<{ id: number; date: Date } | undefined> {
  return db
    .selectFrom('matches')
    .select(['id', 'date'])
    .where('series_id', '=', seriesId)
    .where('calculation_status', '=', 'posted')
    .where('type', '!=', 'friendly')
    .where('winner_team_id', 'is not', null)
    .where('loser_team_id', 'is not', null)
    .orderBy('date', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Stored ratings of `teamIds` in the series (all its teams when omitted). */
export async function loadTeamRatings(
  db: DB,
  seriesId: number,
  teamIds?: readonly number[],
): Promise<StoredTeamRating[]> {
  if (teamIds && teamIds.length === 0) return [];
  let query = db
    .selectFrom('team_ratings')
    .select(['team_id', 'mu', 'sigma', 'num_matches', 'wins', 'losses', 'last_updated'])
    .where('series_id', '=', seriesId);
  if (teamIds) query = query.where('team_id', 'in', [...teamIds]);
  return query.execute();
}

/** Inserts or updates the given team ratings of the series (true_strength is left alone). */
export async function upsertTeamRatings(db: DB, seriesId: number, rows: readonly StoredTeamRating[]): Promise<void> {
  for (const part of chunks(rows)) {
    const data = JSON.stringify(part.map((r) => ({ ...r, last_updated: r.last_updated?.toISOString() ?? null })));
    await sql`
      insert into team_ratings (series_id, team_id, mu, sigma, num_matches, wins, losses, last_updated)
      select ${seriesId}, v.team_id, v.mu, v.sigma, v.num_matches, v.wins, v.losses, v.last_updated
      from json_to_recordset(${data}::json) as v(team_id int, mu float8, sigma float8, num_matches int, wins int,
        losses int, last_updated timestamptz)
      on conflict (series_id, team_id) do update set mu = excluded.mu, sigma = excluded.sigma,
        num_matches = excluded.num_matches, wins = excluded.wins, losses = excluded.losses,
        last_updated = excluded.last_updated`.execute(db);
  }
}

/** Writes the rating columns of the given matches; `post` also marks them posted (rated_at = now if unset). */
export async function writeMatchRatings(db: DB, rows: readonly MatchRatingWrite[], post: boolean): Promise<void> {
  for (const part of chunks(rows)) {
    const data = JSON.stringify(part);
    const status = post ? sql`'posted'` : sql`m.calculation_status`;
    const ratedAt = post ? sql`coalesce(m.rated_at, now())` : sql`m.rated_at`;
    await sql`
      update matches m set winner_mu_before = v.winner_mu_before, winner_sigma_before = v.winner_sigma_before,
        loser_mu_before = v.loser_mu_before, loser_sigma_before = v.loser_sigma_before,
        winner_mu_after = v.winner_mu_after, winner_sigma_after = v.winner_sigma_after,
        loser_mu_after = v.loser_mu_after, loser_sigma_after = v.loser_sigma_after,
        win_probability = v.win_probability, calculation_status = ${status}, rated_at = ${ratedAt}
      from json_to_recordset(${data}::json) as v(id int, winner_mu_before float8, winner_sigma_before float8,
        loser_mu_before float8, loser_sigma_before float8, winner_mu_after float8, winner_sigma_after float8,
        loser_mu_after float8, loser_sigma_after float8, win_probability float8)
      where m.id = v.id`.execute(db);
  }
}

/** Marks queued friendlies of the series 'skipped' (a friendly is never rated), found through rating_queue. */
export async function skipQueuedFriendlies(db: DB, seriesId: number): Promise<void> {
  await db
    .updateTable('matches')
    .set({ calculation_status: 'skipped' })
    .where('id', 'in', queuedIds(db, seriesId))
    .where('series_id', '=', seriesId)
    .where('type', '=', 'friendly')
    .where('calculation_status', '=', 'queued')
    .execute();
}

/** The series' stored rating history. */
export function loadRatingHistory(db: DB, seriesId: number): Promise<(HistoryWrite & { id: number })[]> {
  return db
    .selectFrom('rating_history')
    .select(['id', 'team_id', 'match_id', 'date', 'mu', 'sigma', 'num_matches'])
    .where('series_id', '=', seriesId)
    .execute();
}

/** Deletes rating history points by id. */
export async function deleteRatingHistory(db: DB, ids: readonly number[]): Promise<void> {
  for (const part of chunks(ids)) await sql`delete from rating_history where id = any(${part}::int[])`.execute(db);
}

/** Appends rating history points of the series. */
export async function insertRatingHistory(db: DB, seriesId: number, rows: readonly HistoryWrite[]): Promise<void> {
  for (const part of chunks(rows)) {
    const data = JSON.stringify(part.map((r) => ({ ...r, date: r.date.toISOString() })));
    await sql`
      insert into rating_history (series_id, team_id, match_id, date, mu, sigma, num_matches)
      select ${seriesId}, v.team_id, v.match_id, v.date, v.mu, v.sigma, v.num_matches
      from json_to_recordset(${data}::json) as v(team_id int, match_id int, date timestamptz, mu float8,
        sigma float8, num_matches int)`.execute(db);
  }
}

/**
 * Rewrites stored rating history points in place (by id; their team and match stay): cheaper than deleting and
 * inserting them again, which would check the three foreign keys of every new row.
 */
export async function updateRatingHistory(db: DB, rows: readonly (HistoryWrite & { id: number })[]): Promise<void> {
  for (const part of chunks(rows)) {
    const data = JSON.stringify(part.map((r) => ({ ...r, date: r.date.toISOString() })));
    await sql`
      update rating_history h set date = v.date, mu = v.mu, sigma = v.sigma, num_matches = v.num_matches
      from json_to_recordset(${data}::json) as v(id int, date timestamptz, mu float8, sigma float8, num_matches int)
      where h.id = v.id`.execute(db);
  }
}

/** Stores fitted sector thresholds (and optionally switches the model). */
export async function updateSeriesRatingModel(
  db: DB,
  seriesId: number,
  values: { sector_thresholds: { t1: number; t2: number }; rating_model?: 'trueskill' | 'sector' },
): Promise<void> {
  await db
    .updateTable('series')
    .set({
      sector_thresholds: JSON.stringify(values.sector_thresholds),
      ...(values.rating_model ? { rating_model: values.rating_model } : {}),
    })
    .where('id', '=', seriesId)
    .execute();
}

/** Hidden true strengths of the series' teams (demo data), keyed by team id. */
export async function loadTrueStrengths(db: DB, seriesId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('team_ratings')
    .select(['team_id', 'true_strength'])
    .where('series_id', '=', seriesId)
    .where('true_strength', 'is not', null)
    .execute();
  return new Map(rows.map((r) => [r.team_id, r.true_strength as number]));
}
