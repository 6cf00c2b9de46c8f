import { dictionary } from '#lib/own.ts';
import type { DB } from '#lib/server/db/index.ts';
import type { SeriesRow } from '#lib/server/db/tables/series.ts';
import { seriesStatisticsSchema, type SeriesStatistics, type SideWins } from '#lib/schemas/statistics.ts';
import { listSeriesTeams } from '#lib/server/repositories/read/series-teams.ts';
import {
  countPublicMatches,
  countPublicPlayers,
  findStoredStatistics,
} from '#lib/server/repositories/read/statistics.ts';
import { isoOrNull, mapView, score } from './values.ts';

const emptyWins = (): SideWins => ({ matches: 0, Allies: 0, Axis: 0 });

/**
 * Computes the statistics document of a series from its tables: counts of public matches, active teams and
 * public players seen, the top team of the ranking, and win rates by map (display name) and side over decided
 * public matches. Private matches and private players never count. The ratings engine stores this document in
 * series_statistics.data.
 */
export async function computeSeriesStatistics(db: DB, series: SeriesRow): Promise<SeriesStatistics> {
  const [matches, players, top] = await Promise.all([
    countPublicMatches(db, series.id),
    countPublicPlayers(db, series.id),
    listSeriesTeams(db, series.id, series.ranked_after_matches, { inactive: false, limit: 1, offset: 0 }),
  ]);
  const bySide = emptyWins();
  const byMap = dictionary<SideWins>();
  for (const row of matches.bySide) {
    if (row.victor_side !== 'Allies' && row.victor_side !== 'Axis') continue;
    const n = Number(row.n);
    const name = mapView(row.map).name;
    const entry = (byMap[name] ??= emptyWins());
    entry.matches += n;
    entry[row.victor_side] += n;
    bySide.matches += n;
    bySide[row.victor_side] += n;
  }
  const best = top.rows[0];
  const lastUpdate = isoOrNull(matches.lastUpdate);
  return {
    matches: matches.total,
    teams: top.total,
    players,
    top_team: best
      ? {
          tag: best.tag,
          name: best.name,
          icon: best.icon,
          mu: best.mu,
          sigma: best.sigma,
          score: score(best.mu, best.sigma),
          num_matches: best.num_matches,
        }
      : null,
    win_rates: { by_map: byMap, by_side: bySide, last_update: lastUpdate },
    last_update: lastUpdate,
  };
}

/** GET .../statistics: the stored document when it has the expected shape, else computed now. */
export async function getSeriesStatistics(db: DB, series: SeriesRow): Promise<SeriesStatistics> {
  const stored = seriesStatisticsSchema.safeParse(await findStoredStatistics(db, series.id));
  return stored.success ? stored.data : computeSeriesStatistics(db, series);
}
