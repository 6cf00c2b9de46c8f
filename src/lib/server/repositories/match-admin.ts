import { sql, type RawBuilder } from 'kysely';
import type { DB } from '#lib/server/db/index.ts';
import type { CalculationStatus, MatchRow, MatchUpdate, Side } from '#lib/server/db/tables/matches.ts';

/**
 * The match with this id in the series with this tag (case-insensitive), in one round trip: `series` is false when
 * no series has the tag, `match` undefined when the series has no such match.
 */
export async function findMatchInSeriesByTag(
  db: DB,
  seriesTag: string,
  matchId: number,
): Promise<{ series: boolean; match: MatchRow | undefined }> {
  const row = await db
    .selectFrom('series')
    .leftJoin('matches', (join) => join.onRef('matches.series_id', '=', 'series.id').on('matches.id', '=', matchId))
    .selectAll('matches')
    .select('series.id as found_series_id')
    .where((eb) => eb(eb.fn('lower', ['series.tag']), '=', seriesTag.toLowerCase()))
    .executeTakeFirst();
  if (!row) return { series: false, match: undefined };
  const { found_series_id: _, ...match } = row;
  // A left join types every column of the match as nullable: a found match (its id is there) is a whole row.
  return { series: true, match: match.id === null ? undefined : (match as MatchRow) };
}

/**
 * Updates a match only while it still has `status` (so two concurrent decisions cannot both win) and logs it, in
 * ONE statement, atomic without a transaction: `audit` is the expression inserting the entry for each row of the
 * update's CTE named `changed` (services/audit.ts auditEach). True when the match still had `status` and changed.
 */
export async function updateMatchInStatusAudited(
  db: DB,
  matchId: number,
  status: CalculationStatus,
  values: MatchUpdate,
  audit: (changed: string) => RawBuilder<unknown>,
): Promise<boolean> {
  const update = db
    .updateTable('matches')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', matchId)
    .where('calculation_status', '=', status)
    .returning('id');
  const result = await sql<{ id: number }>`with changed as (${update}), logged as (${audit('changed')})
    select id from changed`.execute(db);
  return result.rows.length > 0;
}

/**
 * Changes the match `matchId` of the series tagged `seriesTag` (case-insensitive) in ONE statement when `allowed`
 * (a condition over the match's columns) holds for it, and only while it still has the status it had, as
 * updateMatchInStatusAudited: sets `values` and logs it (`audit`: the expression inserting the entry for each row of
 * the CTE `changed`, whose `status_before` is the status the match had). Answers the match as it was (undefined when
 * the series has no such match, or there is no such series) and whether it changed.
 */
export async function changeMatchInSeriesIf(
  db: DB,
  seriesTag: string,
  matchId: number,
  allowed: RawBuilder<boolean>,
  values: MatchUpdate,
  audit: (changed: string) => RawBuilder<unknown>,
): Promise<{ match: MatchRow | undefined; changed: boolean }> {
  const found = db
    .selectFrom('matches')
    .innerJoin('series', 'series.id', 'matches.series_id')
    .selectAll('matches')
    .where((eb) => eb(eb.fn('lower', ['series.tag']), '=', seriesTag.toLowerCase()))
    .where('matches.id', '=', matchId);
  const statusBefore = sql<CalculationStatus>`(select calculation_status from found)`;
  const update = db
    .updateTable('matches')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', sql<number>`(select id from found)`)
    .where('calculation_status', '=', statusBefore)
    .where(allowed)
    .returning(['id', statusBefore.as('status_before')]);
  const { rows } = await sql<MatchRow & { changed_now: boolean }>`with
    found as (${found}), changed as (${update}), logged as (${audit('changed')})
    select found.*, exists (select 1 from changed) as changed_now from found`.execute(db);
  const row = rows[0];
  if (!row) return { match: undefined, changed: false };
  const { changed_now, ...match } = row;
  return { match, changed: changed_now };
}

/** Updates a match's columns and its updated_at. */
export async function updateMatchColumns(db: DB, matchId: number, values: MatchUpdate): Promise<void> {
  await db
    .updateTable('matches')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', matchId)
    .execute();
}

/** Deletes a match (its player statistics and rating history go with it). */
export async function deleteMatchRow(db: DB, matchId: number): Promise<void> {
  await db.deleteFrom('matches').where('id', '=', matchId).execute();
}

/** The match row, locked until the end of the transaction (FOR UPDATE): a decision on it waits until then. */
export function lockMatchRow(db: DB, matchId: number): Promise<MatchRow | undefined> {
  return db.selectFrom('matches').selectAll().where('id', '=', matchId).forUpdate().executeTakeFirst();
}

/**
 * Sets the team of each of the match's player lines from its side: the `victorSide` players played for the winner,
 * the others for the loser (a line without a side keeps no team), as a report does (ingestion/rows.ts).
 */
export async function assignPlayerTeams(
  db: DB,
  matchId: number,
  victorSide: Side,
  teams: { winnerId: number | null; loserId: number | null },
): Promise<void> {
  await db
    .updateTable('player_match_stats')
    .set({
      // Parameters of a CASE get no type from the column: cast to it.
      team_id: sql<number | null>`case when side = ${victorSide} then ${teams.winnerId}::int
        when side is not null then ${teams.loserId}::int end`,
    })
    .where('match_id', '=', matchId)
    .execute();
}
