/** Fitting a series' rating model to its matches (`hss ratings fit`). */
import { compileMatches, fitModel } from '#lib/domain/rating/index.ts';
import type { DB } from '#lib/server/db/index.ts';
import { updateSeriesRatingModel } from '#lib/server/repositories/ratings.ts';
import { requireSeries } from '#lib/server/services/series.ts';
import { ratedMatches } from './analysis.ts';
import { seriesEnv, storedThresholds } from './params.ts';
import { recomputeSeries } from './process.ts';
import { defaultSectorThresholds } from '#lib/domain/rating/index.ts';

/** What `fit` found. */
export interface SeriesFit {
  t1: number;
  t2: number;
  logLikelihood: number;
  /** Rated matches and those with a banded result (5-0, 4-1, 3-2). */
  matches: number;
  observations: number;
}

/**
 * Fits the sector-score thresholds of a series by chronological maximum likelihood and stores them in
 * series.sector_thresholds; with `use`, switches the series to the sector model and recomputes it.
 */
export async function fitSeries(db: DB, seriesTag: string, use: boolean): Promise<SeriesFit> {
  const series = await requireSeries(db, seriesTag);
  const matches = await ratedMatches(db, series.id);
  const env = seriesEnv(series);
  const start = { env, sector: true, thresholds: storedThresholds(series) ?? defaultSectorThresholds(env) };
  const fit = fitModel(compileMatches(matches), start, { free: ['t1', 't2'] });
  const { t1, t2 } = fit.params.thresholds;
  await updateSeriesRatingModel(db, series.id, {
    sector_thresholds: { t1, t2 },
    ...(use ? { rating_model: 'sector' as const } : {}),
  });
  if (use) await recomputeSeries(db, series.id);
  const observations = matches.filter((m) => m.drawn !== true && ['5-0', '4-1', '3-2'].includes(m.result)).length;
  return { t1, t2, logLikelihood: fit.logLikelihood, matches: matches.length, observations };
}
