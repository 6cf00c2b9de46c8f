/** Who played in a series' matches, from the uploaded logs (player_match_stats), for the roster-aware model. */
import type { DB } from '#lib/server/db/index.ts';

/** One player's time in one posted match, on a registered team's side. */
export interface LineupRow {
  match_id: number;
  steam_id: string;
  team_id: number;
  /** Minutes connected inside the match window (> 0). */
  playtime: number;
}

/** The lines of the series' posted matches that have a log, for registered teams, with time on the server. */
export async function listSeriesLineups(db: DB, seriesId: number): Promise<LineupRow[]> {
  const rows = await db
    .selectFrom('player_match_stats as s')
    .innerJoin('matches as m', 'm.id', 's.match_id')
    .select(['s.match_id', 's.steam_id', 's.team_id', 's.playtime'])
    .where('m.series_id', '=', seriesId)
    .where('m.calculation_status', '=', 'posted')
    .where('s.team_id', 'is not', null)
    .where('s.playtime', '>', 0)
    .orderBy('s.match_id')
    .orderBy('s.steam_id')
    .execute();
  return rows.map((r) => ({ match_id: r.match_id, steam_id: r.steam_id, team_id: r.team_id!, playtime: r.playtime }));
}
