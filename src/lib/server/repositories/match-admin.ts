import type { DB } from '#lib/server/db/index.ts';
import type { CalculationStatus, MatchRow, MatchUpdate } from '#lib/server/db/tables/matches.ts';

/** The match with this id in the series with this id, or undefined. */
export function findMatchInSeries(db: DB, seriesId: number, matchId: number): Promise<MatchRow | undefined> {
  return db
    .selectFrom('matches')
    .selectAll()
    .where('id', '=', matchId)
    .where('series_id', '=', seriesId)
    .executeTakeFirst();
}

/** Updates a match only while it still has `status` (so two concurrent decisions cannot both win); true when it did. */
export async function updateMatchInStatus(
  db: DB,
  matchId: number,
  status: CalculationStatus,
  values: MatchUpdate,
): Promise<boolean> {
  const result = await db
    .updateTable('matches')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', matchId)
    .where('calculation_status', '=', status)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
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
