import { sql } from 'kysely';
import { binaryRows, copyIn } from '#lib/server/db/copy.ts';
import type { DB } from '#lib/server/db/index.ts';
import type { CalculationStatus, MatchRow, MatchType, Visibility } from '#lib/server/db/tables/matches.ts';
import type { RatingHistoryRow } from '#lib/server/db/tables/rating-history.ts';
import type { RatingModel } from '#lib/schemas/rating-models.ts';

/** A match that takes part in a series' rating replay (competitive or event, queued or posted), with its stored ratings. */
export interface RatingMatchRow extends MatchRatingWrite {
  visibility: Visibility;
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
// From this many rows on, bulk writes load binary rows with COPY (db/copy.ts); below, the JSON statement is cheaper
// than a COPY's extra round trips.
const COPY_MIN_ROWS = 1000;

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
 * The match ids of the series' rating_queue entries (every match queued in the series has one: the triggers of
 * migration 0018 add it in the transaction that queues the match). A pass reads them first and looks the matches
 * up by id: a join that the planner could turn around would scan the series' matches on unanalysed data.
 */
export async function queuedMatchIds(db: DB, seriesId: number): Promise<number[]> {
  const rows = await db.selectFrom('rating_queue').select('match_id').where('series_id', '=', seriesId).execute();
  return [...new Set(rows.map((r) => r.match_id))];
}

/**
 * Removes the series' rating_queue entries of `ids` (queuedMatchIds) once their match is no longer queued there. Run
 * by each rating pass after its writes, in its transaction. `handled`: the ids this pass posted or skipped, deleted
 * without a look at their match (the pass's update locks the row until it commits, so no writer can queue it again
 * meanwhile); the others (deleted, moved or sent back since they were queued) only when not queued. An entry added
 * since `ids` were read stays, for the next round.
 */
export async function clearRatingQueue(
  db: DB,
  seriesId: number,
  ids: readonly number[],
  handled: ReadonlySet<number>,
): Promise<void> {
  if (ids.length === 0) return;
  const done = ids.filter((id) => handled.has(id));
  const others = ids.filter((id) => !handled.has(id));
  if (done.length > 0)
    await sql`delete from rating_queue where series_id = ${seriesId} and match_id = any(${done}::int[])`.execute(db);
  if (others.length > 0)
    await sql`
      delete from rating_queue where series_id = ${seriesId} and match_id = any(${others}::int[]) and match_id not in (
        select id from matches where id = any(${others}::int[]) and series_id = ${seriesId}
          and calculation_status = 'queued')`.execute(db);
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

const RATING_MATCH_SELECTION = [
  'id',
  'visibility',
  'date',
  'result',
  'type',
  'calculation_status as status',
  'winner_team_id',
  'loser_team_id',
  ...MATCH_RATING_COLUMNS,
] as const;

function ratingMatchesQuery(db: DB, seriesId: number) {
  return db
    .selectFrom('matches')
    .select(RATING_MATCH_SELECTION)
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

/** The series' queued matches among `ids` (queuedMatchIds), friendlies included, in rating order. */
export function listQueuedMatches(db: DB, seriesId: number, ids: readonly number[]): Promise<RatingMatchRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('matches')
    .select(RATING_MATCH_SELECTION)
    .where(sql<boolean>`id = any(${ids}::int[])`)
    .where('series_id', '=', seriesId)
    .where('calculation_status', '=', 'queued')
    .orderBy('date')
    .orderBy('id')
    .execute();
}

/**
 * Whether the series has a posted match that changed ratings later than `after` in rating order (date, then id).
 * The bound is an index condition on (series_id, date, id): the query reads the matches after `after` only, whatever
 * plan the statistics suggest (asking for the newest rated match read the whole series on unanalysed data).
 */
export async function ratedMatchAfter(db: DB, seriesId: number, after: { id: number; date: Date }): Promise<boolean> {
  const row = await db
    .selectFrom('matches')
    .select('id')
    .where('series_id', '=', seriesId)
    .where('date', '>=', after.date)
    .where(sql<boolean>`(date, id) > (${after.date}, ${after.id})`)
    .where('calculation_status', '=', 'posted')
    .where('type', '!=', 'friendly')
    .where('winner_team_id', 'is not', null)
    .where('loser_team_id', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
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

/**
 * Writes the rating columns of the given matches; `post` also marks them posted (rated_at = now if unset). Many
 * matches (a full recompute) are loaded into a temporary table with a binary COPY and joined in one UPDATE: no
 * number is parsed from text; a few (an incremental pass) travel as one JSON parameter.
 */
export async function writeMatchRatings(db: DB, rows: readonly MatchRatingWrite[], post: boolean): Promise<void> {
  const status = post ? sql`'posted'` : sql`m.calculation_status`;
  const ratedAt = post ? sql`coalesce(m.rated_at, now())` : sql`m.rated_at`;
  const set = sql`winner_mu_before = v.winner_mu_before, winner_sigma_before = v.winner_sigma_before,
    loser_mu_before = v.loser_mu_before, loser_sigma_before = v.loser_sigma_before,
    winner_mu_after = v.winner_mu_after, winner_sigma_after = v.winner_sigma_after,
    loser_mu_after = v.loser_mu_after, loser_sigma_after = v.loser_sigma_after,
    win_probability = v.win_probability, calculation_status = ${status}, rated_at = ${ratedAt}`;
  if (rows.length >= COPY_MIN_ROWS) {
    await sql`create temporary table match_ratings_in (id int, winner_mu_before float8, winner_sigma_before float8,
      loser_mu_before float8, loser_sigma_before float8, winner_mu_after float8, winner_sigma_after float8,
      loser_mu_after float8, loser_sigma_after float8, win_probability float8) on commit drop`.execute(db);
    const data = binaryRows(MATCH_COPY_TYPES, rows, (r) => [r.id, ...MATCH_RATING_COLUMNS.map((c) => r[c])] as const);
    await copyIn(db, MATCH_COPY, data);
    await sql`update matches m set ${set} from match_ratings_in v where m.id = v.id`.execute(db);
    await sql`drop table match_ratings_in`.execute(db);
    return;
  }
  for (const part of chunks(rows)) {
    const data = JSON.stringify(part);
    await sql`
      update matches m set ${set}
      from json_to_recordset(${data}::json) as v(id int, winner_mu_before float8, winner_sigma_before float8,
        loser_mu_before float8, loser_sigma_before float8, winner_mu_after float8, winner_sigma_after float8,
        loser_mu_after float8, loser_sigma_after float8, win_probability float8)
      where m.id = v.id`.execute(db);
  }
}

const MATCH_COPY = `copy match_ratings_in from stdin with (format binary)`;
const MATCH_COPY_TYPES = ['int4', ...MATCH_RATING_COLUMNS.map(() => 'float8' as const)] as const;

/**
 * Marks the series' friendlies among `ids` 'skipped' where still queued (a friendly is never rated); returns the ids
 * it marked. Other ids are left alone, so a pass may hand over every queued id it read.
 */
export async function skipFriendlies(db: DB, seriesId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<{ id: number }>`update matches set calculation_status = 'skipped'
    where id = any(${ids}::int[]) and series_id = ${seriesId} and type = 'friendly' and calculation_status = 'queued'
    returning id`.execute(db);
  return rows.map((r) => r.id);
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

/**
 * Appends rating history points of the series. A bulk append (a full recompute writes two points per match) loads
 * binary rows with COPY, ordered by match so that the match_id index grows at its right end (in team order its
 * inserts land all over it); a few points (an incremental pass) go in one INSERT, cheaper than a COPY's round trips.
 */
export async function insertRatingHistory(db: DB, seriesId: number, rows: readonly HistoryWrite[]): Promise<void> {
  if (rows.length >= COPY_MIN_ROWS) {
    const sorted = [...rows].sort((a, b) => a.match_id - b.match_id || a.team_id - b.team_id);
    const data = binaryRows(HISTORY_COPY_TYPES, sorted, (r) => [
      seriesId,
      r.team_id,
      r.match_id,
      r.date,
      r.mu,
      r.sigma,
      r.num_matches,
    ]);
    await copyIn(db, HISTORY_COPY, data);
    return;
  }
  for (const part of chunks(rows)) {
    const data = JSON.stringify(part.map((r) => ({ ...r, date: r.date.toISOString() })));
    await sql`
      insert into rating_history (series_id, team_id, match_id, date, mu, sigma, num_matches)
      select ${seriesId}, v.team_id, v.match_id, v.date, v.mu, v.sigma, v.num_matches
      from json_to_recordset(${data}::json) as v(team_id int, match_id int, date timestamptz, mu float8,
        sigma float8, num_matches int)`.execute(db);
  }
}

const HISTORY_COPY =
  'copy rating_history (series_id, team_id, match_id, date, mu, sigma, num_matches) from stdin with (format binary)';
const HISTORY_COPY_TYPES = ['int4', 'int4', 'int4', 'timestamptz', 'float8', 'float8', 'int4'] as const;

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
  values: { sector_thresholds: { t1: number; t2: number }; rating_model?: RatingModel },
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
