/**
 * The series statistics document stored in series_statistics.data and served by GET /v3/series/{s}/statistics.
 * Shape (kept equal to `seriesStatisticsSchema` in src/lib/schemas/statistics.ts):
 *   matches: counted public matches (posted, or accepted friendlies); private ones never count;
 *   teams: live, active teams with at least one rated match in the series;
 *   players: distinct public players seen in those matches;
 *   top_team: the first team of the leaderboard (ranked before pending, by mu - 3 sigma), or null;
 *   win_rates.by_map: per map display name, decided matches and wins per side; by_side: the same over all maps;
 *   last_update: newest rating (or report) time of a counted match, ISO, or null.
 */
import { resolveMap } from '../../../domain/catalogue/maps.ts';
import { mapDisplayName } from '../../../domain/map-names.ts';
import { rankTeams } from '../../../domain/rating/index.ts';
import type { DB } from '../../db/index.ts';
import {
  countCountedPlayers,
  countedMatchesByMapAndSide,
  listActiveRatedTeams,
  storeSeriesStatistics,
} from '../../repositories/series-statistics.ts';

/** Wins per side among decided matches. */
export interface SideWins {
  matches: number;
  Allies: number;
  Axis: number;
}

export interface SeriesStatisticsData {
  matches: number;
  teams: number;
  players: number;
  top_team: { tag: string; name: string; icon: string | null; mu: number; sigma: number; score: number; num_matches: number } | null;
  win_rates: { by_map: Record<string, SideWins>; by_side: SideWins; last_update: string | null };
  last_update: string | null;
}

function mapName(id: string): string {
  return resolveMap(id)?.name ?? mapDisplayName(id);
}

/** Computes the statistics document of a series from its current data. */
export async function computeSeriesStatistics(db: DB, seriesId: number, rankedAfter: number): Promise<SeriesStatisticsData> {
  const [counts, players, teams] = await Promise.all([
    countedMatchesByMapAndSide(db, seriesId),
    countCountedPlayers(db, seriesId),
    listActiveRatedTeams(db, seriesId),
  ]);
  const byMap: Record<string, SideWins> = {};
  const bySide: SideWins = { matches: 0, Allies: 0, Axis: 0 };
  for (const g of counts.groups) {
    if (g.victor_side === null) continue;
    const name = mapName(g.map);
    const entry = (byMap[name] ??= { matches: 0, Allies: 0, Axis: 0 });
    entry.matches += g.n;
    entry[g.victor_side] += g.n;
    bySide.matches += g.n;
    bySide[g.victor_side] += g.n;
  }
  const ranking = rankTeams(teams.map((t, i) => [i, { mu: t.mu, sigma: t.sigma, num_matches: t.num_matches, wins: 0, losses: 0, last_updated: null }] as const), rankedAfter);
  const top = ranking[0];
  const topTeam = top === undefined ? null : teams[top.team as number]!;
  const last = counts.last === null ? null : new Date(counts.last).toISOString();
  return {
    matches: counts.total,
    teams: teams.length,
    players,
    top_team: topTeam && top
      ? { tag: topTeam.tag, name: topTeam.name, icon: topTeam.icon, mu: topTeam.mu, sigma: topTeam.sigma, score: top.score, num_matches: topTeam.num_matches }
      : null,
    win_rates: { by_map: byMap, by_side: bySide, last_update: last },
    last_update: last,
  };
}

/** Recomputes and stores the statistics document of a series. */
export async function refreshSeriesStatistics(db: DB, seriesId: number): Promise<SeriesStatisticsData> {
  const series = await db.selectFrom('series').select('ranked_after_matches').where('id', '=', seriesId).executeTakeFirstOrThrow();
  const data = await computeSeriesStatistics(db, seriesId, series.ranked_after_matches);
  await storeSeriesStatistics(db, seriesId, data);
  return data;
}
