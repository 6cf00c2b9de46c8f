/** The TrueSkill environment: prior, performance noise, dynamics and draw model. */
import { ppf } from './gaussian.ts';

/**
 * TrueSkill parameters. `moserwareC` selects Moserware's two-player variant,
 * which computes c from the sigmas BEFORE the dynamics tau is added (the
 * factor-graph form adds tau first).
 */
export interface TrueSkillEnv {
  readonly mu: number;
  readonly sigma: number;
  readonly beta: number;
  readonly tau: number;
  /**
   * Time dynamics: a team's variance grows by gamma^2 per day since it last played (capped at the prior sigma^2),
   * before tau is added for the match. 0 turns it off.
   */
  readonly gamma: number;
  readonly drawProbability: number;
  readonly moserwareC: boolean;
}

/** Overrides for {@link createEnv}; snake_case aliases accept the reference-vector format as is. */
export interface TrueSkillEnvOptions {
  readonly mu?: number;
  readonly sigma?: number;
  readonly beta?: number;
  readonly tau?: number;
  readonly gamma?: number;
  readonly drawProbability?: number;
  readonly draw_probability?: number;
  readonly moserwareC?: boolean;
  readonly moserware_c?: boolean;
}

/** mu 25, sigma 25/3, beta 25/6, tau 25/300, no time dynamics, no draws, factor-graph c. */
export const DEFAULT_ENV: TrueSkillEnv = Object.freeze({
  mu: 25,
  sigma: 25 / 3,
  beta: 25 / 6,
  tau: 25 / 300,
  gamma: 0,
  drawProbability: 0,
  moserwareC: false,
});

/**
 * Builds an environment. Like the sublee/trueskill package, unspecified values
 * scale from what is given: sigma = mu / 3, beta = sigma / 2, tau = sigma / 100.
 */
export function createEnv(options: TrueSkillEnvOptions = {}): TrueSkillEnv {
  const mu = options.mu ?? DEFAULT_ENV.mu;
  const sigma = options.sigma ?? mu / 3;
  const beta = options.beta ?? sigma / 2;
  const tau = options.tau ?? sigma / 100;
  const gamma = options.gamma ?? 0;
  const drawProbability = options.drawProbability ?? options.draw_probability ?? 0;
  const moserwareC = options.moserwareC ?? options.moserware_c ?? false;
  if (!(sigma > 0 && beta > 0 && tau >= 0 && gamma >= 0))
    throw new RangeError('TrueSkill env needs sigma > 0, beta > 0, tau >= 0, gamma >= 0');
  if (!(drawProbability >= 0 && drawProbability < 1)) throw new RangeError('drawProbability must be in [0, 1)');
  return Object.freeze({ mu, sigma, beta, tau, gamma, drawProbability, moserwareC });
}

/**
 * The draw margin eps such that P(|perf_a - perf_b| <= eps) = drawProbability
 * for equal ratings: Phi^-1((p + 1) / 2) * sqrt(players) * beta, players = 2 for 1 vs 1.
 */
export function drawMargin(drawProbability: number, beta: number, players = 2): number {
  if (drawProbability <= 0) return 0;
  // -Phi^-1((1 - p) / 2) avoids rounding (p + 1) / 2 near 1.
  return -ppf((1 - drawProbability) / 2) * Math.sqrt(players) * beta;
}
