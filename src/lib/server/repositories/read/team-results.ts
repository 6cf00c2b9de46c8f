import type { DB } from '#lib/server/db/index.ts';
import type { TeamResult } from '#lib/domain/teams/record.ts';

/** The team's public matches of the series as results (map, victor side, won, opponent id), oldest first. */
export async function listTeamResults(db: DB, seriesId: number, teamId: number): Promise<TeamResult[]> {
  const rows = await db
    .selectFrom('matches as m')
    .select(['m.map', 'm.victor_side', 'm.winner_team_id', 'm.loser_team_id'])
    .where('m.series_id', '=', seriesId)
    .where('m.visibility', '=', 'public')
    .where((eb) => eb.or([eb('m.winner_team_id', '=', teamId), eb('m.loser_team_id', '=', teamId)]))
    .orderBy('m.date')
    .orderBy('m.id')
    .execute();
  return rows.map((row) => {
    const won = row.winner_team_id === teamId;
    return {
      map: row.map,
      victorSide: row.victor_side,
      won,
      opponentId: won ? row.loser_team_id : row.winner_team_id,
    };
  });
}
