/** Loader of /statistics/winrates: the series statistics (win rates by map and side, counts, top team). */
import type { SeriesStatistics } from '#lib/schemas/statistics.ts';
import { getDb } from '#lib/server/app.ts';
import { getSeriesStatistics } from '#lib/server/services/read/statistics.ts';
import { settle, type Settled } from './settle.ts';

/**
 * The statistics of the series in use, exactly as GET /v3/series/{series}/statistics answers them; a failure is
 * settled (the page shows the chart failure message instead of failing). Null while no series exists.
 */
export async function loadWinRates(locals: App.Locals): Promise<Settled<SeriesStatistics | null>> {
  const series = locals.series;
  if (!series) return { ok: null };
  const db = await getDb();
  return settle(() => getSeriesStatistics(db, series));
}
