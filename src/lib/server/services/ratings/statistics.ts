/**
 * Keeps series_statistics.data current: after every rating pass (and recompute) the series' statistics document
 * is computed with the read API's `computeSeriesStatistics` (services/read/statistics.ts, which defines the
 * shape and the counting rules: public matches and players only) and stored, so that GET .../statistics serves it
 * without recomputing.
 */
import type { SeriesStatistics } from '#lib/schemas/statistics.ts';
import type { DB } from '#lib/server/db/index.ts';
import { storeSeriesStatistics } from '#lib/server/repositories/series-statistics.ts';
import { computeSeriesStatistics } from '#lib/server/services/read/statistics.ts';

/** Recomputes and stores the statistics document of a series; returns it. */
export async function refreshSeriesStatistics(db: DB, seriesId: number): Promise<SeriesStatistics> {
  const series = await db.selectFrom('series').selectAll().where('id', '=', seriesId).executeTakeFirstOrThrow();
  const data = await computeSeriesStatistics(db, series);
  await storeSeriesStatistics(db, seriesId, data);
  return data;
}
