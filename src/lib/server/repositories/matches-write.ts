import type { DB } from '../db/index.ts';
import type { MatchRow, MatchUpdate, NewMatch } from '../db/tables/matches.ts';

/** Inserts a match and returns its id. */
export async function insertMatch(db: DB, values: NewMatch): Promise<number> {
  const row = await db.insertInto('matches').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The match already reported from this upload and match index for the same winner/loser pair (tags compared
 * case-insensitively), with its series tag; undefined when there is none.
 */
export function findReportedMatch(
  db: DB,
  key: { logUploadId: number; matchIndex: number; winnerTag: string; loserTag: string },
): Promise<{ id: number; series: string } | undefined> {
  return db
    .selectFrom('matches')
    .innerJoin('series', 'series.id', 'matches.series_id')
    .select(['matches.id', 'series.tag as series'])
    .where('matches.log_upload_id', '=', key.logUploadId)
    .where('matches.log_match_index', '=', key.matchIndex)
    .where((eb) => eb(eb.fn('lower', ['matches.winner_tag']), '=', key.winnerTag.toLowerCase()))
    .where((eb) => eb(eb.fn('lower', ['matches.loser_tag']), '=', key.loserTag.toLowerCase()))
    .orderBy('matches.id')
    .executeTakeFirst();
}

/** One match row, or undefined. */
export function findMatchRow(db: DB, id: number): Promise<MatchRow | undefined> {
  return db.selectFrom('matches').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Ids of every match that has a stored log, oldest first. */
export async function listMatchIdsWithLogs(db: DB): Promise<number[]> {
  const rows = await db.selectFrom('matches').select('id').where('log_upload_id', 'is not', null).orderBy('id').execute();
  return rows.map((r) => r.id);
}

/** Updates a match's columns and its updated_at. */
export async function updateMatch(db: DB, id: number, values: MatchUpdate): Promise<void> {
  await db.updateTable('matches').set({ ...values, updated_at: new Date() }).where('id', '=', id).execute();
}

/** The id of the tournament with this tag (case-insensitive), or undefined. */
export async function findTournamentIdByTag(db: DB, tag: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('tournaments')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['tag']), '=', tag.toLowerCase()))
    .executeTakeFirst();
  return row?.id;
}

/**
 * Gives each team a rating row in the series, with the series' initial mu and sigma (passed in: the caller has
 * the series row), unless it has one. One statement for all teams.
 */
export async function ensureTeamRatings(db: DB, series: { id: number; rating_mu: number; rating_sigma: number }, teamIds: readonly number[]): Promise<void> {
  if (teamIds.length === 0) return;
  await db
    .insertInto('team_ratings')
    .values(teamIds.map((teamId) => ({ series_id: series.id, team_id: teamId, mu: series.rating_mu, sigma: series.rating_sigma, last_updated: null, true_strength: null })))
    .onConflict((oc) => oc.columns(['series_id', 'team_id']).doNothing())
    .execute();
}
