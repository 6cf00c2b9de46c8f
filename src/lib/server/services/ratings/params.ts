import type { ModelParams, ReplayParams, SectorThresholds } from '#lib/domain/rating/index.ts';
import { createEnv, defaultSectorThresholds, DEFAULT_MODEL, type TrueSkillEnv } from '#lib/domain/rating/index.ts';
import { jsonText } from '#lib/server/db/json-text.ts';
import type { SeriesUpdate } from '#lib/server/db/tables/series.ts';
import type { SeriesRow } from '#lib/server/db/tables/series.ts';
import { asRatingModel, type RatingModel } from '#lib/schemas/rating-models.ts';

/** The sector thresholds stored on a series, or undefined when absent or malformed. */
export function storedThresholds(series: Pick<SeriesRow, 'sector_thresholds'>): SectorThresholds | undefined {
  const value = series.sector_thresholds;
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const { t1, t2 } = value as Record<string, unknown>;
    if (typeof t1 === 'number' && typeof t2 === 'number' && t1 > 0 && t2 > t1) return { t1, t2 };
  }
  return undefined;
}

/** The TrueSkill environment of a series (its prior, beta, tau, gamma and draw probability). */
export function seriesEnv(series: SeriesRow): TrueSkillEnv {
  return createEnv({
    mu: series.rating_mu,
    sigma: series.rating_sigma,
    beta: series.rating_beta,
    tau: series.rating_tau,
    gamma: series.rating_gamma,
    drawProbability: series.rating_draw_probability,
  });
}

/** The rating model of a series as the fitting and evaluation code takes it. */
export function seriesModel(series: SeriesRow): ModelParams {
  const env = seriesEnv(series);
  return {
    env,
    model: asRatingModel(series.rating_model),
    thresholds: storedThresholds(series) ?? defaultSectorThresholds(env),
  };
}

/** The model parameters as stored in the fits history and the audit log. */
export interface StoredModel {
  model: RatingModel;
  beta: number;
  tau: number;
  gamma: number;
  t1: number;
  t2: number;
}

/** {@link StoredModel} of model parameters. */
export function storedModel(p: ModelParams): StoredModel {
  return {
    model: p.model,
    beta: p.env.beta,
    tau: p.env.tau,
    gamma: p.env.gamma,
    t1: p.thresholds.t1,
    t2: p.thresholds.t2,
  };
}

/** The series columns that hold model parameters (the prior mu and sigma stay the series' own). */
export function modelColumns(p: ModelParams): SeriesUpdate {
  return {
    rating_model: p.model,
    rating_beta: p.env.beta,
    rating_tau: p.env.tau,
    rating_gamma: p.env.gamma,
    sector_thresholds: jsonText({ t1: p.thresholds.t1, t2: p.thresholds.t2 }),
  };
}

/** The columns of a new series: the sector model with the defaults fitted on the demo community. */
export const NEW_SERIES_MODEL: SeriesUpdate = modelColumns(DEFAULT_MODEL);

/**
 * Replay parameters of a series: its environment, model ('sector' uses the stored thresholds, else the defaults)
 * and the number of matches after which a team is ranked.
 */
export function seriesReplayParams(series: SeriesRow): ReplayParams {
  const thresholds = storedThresholds(series);
  return {
    mu: series.rating_mu,
    sigma: series.rating_sigma,
    beta: series.rating_beta,
    tau: series.rating_tau,
    gamma: series.rating_gamma,
    drawProbability: series.rating_draw_probability,
    model: asRatingModel(series.rating_model),
    ...(thresholds ? { thresholds } : {}),
    rankedAfter: series.ranked_after_matches,
  };
}

export { isDrawnResult } from '#lib/domain/results.ts';
