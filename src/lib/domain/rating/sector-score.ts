/**
 * The sector score: an ordered-probit extension of TrueSkill for HLL results.
 * A result is read as a band of the performance difference d = perf_w - perf_l
 * (rating units) with thresholds 0 < t1 < t2:
 *   3-2: 0 < d <= t1,   4-1: t1 < d <= t2,   5-0: d > t2.
 * The update is the exact Gaussian moment match for that two-sided window, so a
 * decisive 5-0 moves ratings more than a narrow 3-2. Any other result (forfeit,
 * unknown score) is treated as a plain TrueSkill win (d > draw margin), and a
 * draw as a TrueSkill draw. The bands start at 0 regardless of the draw margin.
 */
import { DEFAULT_ENV, drawMargin } from './env.ts';
import type { TrueSkillEnv } from './env.ts';
import { createPairUpdate, updatePair } from './pair-update.ts';
import type { PairUpdate } from './pair-update.ts';
import type { Rating, SectorResult } from './types.ts';

/** Band edges t1 < t2 of the performance difference, in rating units. */
export interface SectorThresholds {
  readonly t1: number;
  readonly t2: number;
}

/** A starting point when no fitted thresholds exist: t1 = beta / 2, t2 = 5 beta / 4. */
export function defaultSectorThresholds(env: TrueSkillEnv = DEFAULT_ENV): SectorThresholds {
  return { t1: env.beta / 2, t2: (5 * env.beta) / 4 };
}

/** Whether `result` is one of the banded results 5-0, 4-1, 3-2. */
export function isSectorResult(result: string): result is SectorResult {
  return result === '5-0' || result === '4-1' || result === '3-2';
}

/** Lower edge of the window of d for a winner with this result (draw margin for non-banded results). */
export function bandLow(result: string, thresholds: SectorThresholds, eps: number): number {
  if (result === '3-2') return 0;
  if (result === '4-1') return thresholds.t1;
  if (result === '5-0') return thresholds.t2;
  return eps;
}

/** Upper edge of the window of d for a winner with this result. */
export function bandHigh(result: string, thresholds: SectorThresholds): number {
  if (result === '3-2') return thresholds.t1;
  if (result === '4-1') return thresholds.t2;
  return Number.POSITIVE_INFINITY;
}

/**
 * Writes the sector-score update of a (winner, loser) pair into `out`;
 * `out.logProbability` is the log-probability of the observed band under the
 * pre-match ratings (tau included). `eps` is the draw margin.
 */
export function updateSectorPair(
  muW: number,
  sigmaW: number,
  muL: number,
  sigmaL: number,
  result: string,
  drawn: boolean,
  thresholds: SectorThresholds,
  eps: number,
  env: TrueSkillEnv,
  out: PairUpdate,
): PairUpdate {
  if (drawn) return updatePair(muW, sigmaW, muL, sigmaL, -eps, eps, env, out);
  const lo = bandLow(result, thresholds, eps);
  return updatePair(muW, sigmaW, muL, sigmaL, lo, bandHigh(result, thresholds), env, out);
}

const out = createPairUpdate();

/**
 * Rates one match under the sector score; returns [winner', loser'].
 * With t1 = t2 = 0 a 5-0 is exactly TrueSkill's win update at draw probability 0.
 */
export function rateSector(
  winner: Rating,
  loser: Rating,
  result: string,
  thresholds: SectorThresholds,
  env: TrueSkillEnv = DEFAULT_ENV,
): [Rating, Rating] {
  const eps = drawMargin(env.drawProbability, env.beta);
  updateSectorPair(winner.mu, winner.sigma, loser.mu, loser.sigma, result, false, thresholds, eps, env, out);
  return [
    { mu: out.muW, sigma: out.sigmaW },
    { mu: out.muL, sigma: out.sigmaL },
  ];
}

/** Pre-match probability of the observed band (tau included), e.g. P(t1 < d <= t2) for a 4-1. */
export function sectorResultProbability(
  winner: Rating,
  loser: Rating,
  result: string,
  thresholds: SectorThresholds,
  env: TrueSkillEnv = DEFAULT_ENV,
): number {
  const eps = drawMargin(env.drawProbability, env.beta);
  updateSectorPair(winner.mu, winner.sigma, loser.mu, loser.sigma, result, false, thresholds, eps, env, out);
  return Math.exp(out.logProbability);
}
