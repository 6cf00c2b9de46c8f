import type { ReplayParams, SectorThresholds } from '#lib/domain/rating/index.ts';
import { createEnv, type TrueSkillEnv } from '#lib/domain/rating/index.ts';
import type { SeriesRow } from '#lib/server/db/tables/series.ts';

/** The sector thresholds stored on a series, or undefined when absent or malformed. */
export function storedThresholds(series: Pick<SeriesRow, 'sector_thresholds'>): SectorThresholds | undefined {
  const value = series.sector_thresholds;
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const { t1, t2 } = value as Record<string, unknown>;
    if (typeof t1 === 'number' && typeof t2 === 'number' && t1 > 0 && t2 > t1) return { t1, t2 };
  }
  return undefined;
}

/** The TrueSkill environment of a series (its prior, beta, tau and draw probability). */
export function seriesEnv(series: SeriesRow): TrueSkillEnv {
  return createEnv({
    mu: series.rating_mu,
    sigma: series.rating_sigma,
    beta: series.rating_beta,
    tau: series.rating_tau,
    drawProbability: series.rating_draw_probability,
  });
}

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
    drawProbability: series.rating_draw_probability,
    model: series.rating_model === 'sector' ? 'sector' : 'trueskill',
    ...(thresholds ? { thresholds } : {}),
    rankedAfter: series.ranked_after_matches,
  };
}

/** True for a result such as '2-2' (equal sector counts): rated as a draw. */
export function isDrawnResult(result: string): boolean {
  const m = /^(\d+)-(\d+)$/.exec(result);
  return m !== null && m[1] === m[2];
}
