import type { DB } from '#lib/server/db/index.ts';
import type { SeriesRow } from '#lib/server/db/tables/series.ts';
import { listLatestMatches } from '#lib/server/repositories/home.ts';
import { listSeriesTeams } from '#lib/server/repositories/read/teams.ts';
import { computeSeriesStatistics } from './read/statistics.ts';

export const HOME_TOP_TEAMS = 5;
export const HOME_LATEST_MATCHES = 10;

export interface HomeData {
  topTeams: { rank: number; tag: string; name: string; icon: string | null; score: number; ranked: boolean }[];
  latestMatches: Awaited<ReturnType<typeof listLatestMatches>>;
  totals: { teams: number; players: number; matches: number };
}

/**
 * The home page's cards for a series, with the same ranking and counts as the API's team list and statistics
 * (computed now, so that a report entered a moment ago counts); empty lists and zero counts for no series.
 */
export async function loadHome(db: DB, series: SeriesRow | undefined): Promise<HomeData> {
  if (!series) return { topTeams: [], latestMatches: [], totals: { teams: 0, players: 0, matches: 0 } };
  const [teams, latestMatches, statistics] = await Promise.all([
    listSeriesTeams(db, series.id, series.ranked_after_matches, { inactive: false, limit: HOME_TOP_TEAMS, offset: 0 }),
    listLatestMatches(db, series.id, HOME_LATEST_MATCHES),
    computeSeriesStatistics(db, series),
  ]);
  const topTeams = teams.rows.map((team) => ({
    rank: Number(team.rank),
    tag: team.tag,
    name: team.name,
    icon: team.icon,
    score: team.mu - 3 * team.sigma,
    ranked: team.num_matches >= series.ranked_after_matches,
  }));
  return {
    topTeams,
    latestMatches,
    totals: { teams: statistics.teams, players: statistics.players, matches: statistics.matches },
  };
}
