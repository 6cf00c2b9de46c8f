import type { DB } from '../db/index.ts';
import type { SeriesRow } from '../db/tables/series.ts';
import { countSeriesTotals, listLatestMatches, listRankedTeams } from '../repositories/home.ts';

export const HOME_TOP_TEAMS = 5;
export const HOME_LATEST_MATCHES = 10;

export interface HomeData {
  topTeams: { rank: number; tag: string; name: string; icon: string | null; score: number; ranked: boolean }[];
  latestMatches: Awaited<ReturnType<typeof listLatestMatches>>;
  totals: { teams: number; players: number; matches: number };
}

/** The home page's cards for a series; empty lists and zero counts for an empty series. */
export async function loadHome(db: DB, series: SeriesRow | undefined): Promise<HomeData> {
  if (!series) return { topTeams: [], latestMatches: [], totals: { teams: 0, players: 0, matches: 0 } };
  const [teams, latestMatches, totals] = await Promise.all([
    listRankedTeams(db, series.id, series.ranked_after_matches, HOME_TOP_TEAMS),
    listLatestMatches(db, series.id, HOME_LATEST_MATCHES),
    countSeriesTotals(db, series.id),
  ]);
  const topTeams = teams.map((team, index) => ({
    rank: index + 1,
    tag: team.tag,
    name: team.name,
    icon: team.icon,
    score: team.mu - 3 * team.sigma,
    ranked: team.num_matches >= series.ranked_after_matches,
  }));
  return { topTeams, latestMatches, totals };
}
