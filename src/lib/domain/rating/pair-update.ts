/**
 * The allocation-free core shared by TrueSkill and the sector score: the exact
 * Gaussian moment-matching update of two ratings given that the performance
 * difference d = perf_w - perf_l fell in a window (lo, hi] (rating units).
 */
import type { TrueSkillEnv } from './env.ts';
import { createWindowMoments, windowMoments } from './truncated.ts';

/** Mutable result of {@link updatePair}: new ratings and the log-probability of the window. */
export interface PairUpdate {
  muW: number;
  sigmaW: number;
  muL: number;
  sigmaL: number;
  /** log P(lo < d <= hi) under the pre-match ratings (with dynamics tau added). */
  logProbability: number;
}

/** A fresh scratch object for {@link updatePair}. */
export function createPairUpdate(): PairUpdate {
  return { muW: 0, sigmaW: 0, muL: 0, sigmaL: 0, logProbability: 0 };
}

const scratch = createWindowMoments();

/**
 * Updates (muW, sigmaW) and (muL, sigmaL) for the observation lo < d <= hi and
 * writes the result into `out`. With s^2 = sigma^2 + tau^2 and
 * c^2 = 2 beta^2 + sW^2 + sL^2 (raw sigmas instead of s when env.moserwareC),
 * t-standardised bounds alpha = (lo - dmu) / c, beta = (hi - dmu) / c, and (v, w)
 * from {@link windowMoments}:
 *   muW' = muW + sW^2 / c * v,  muL' = muL - sL^2 / c * v,
 *   sigma'^2 = s^2 * (1 - s^2 / c^2 * w) for each side.
 */
export function updatePair(
  muW: number,
  sigmaW: number,
  muL: number,
  sigmaL: number,
  lo: number,
  hi: number,
  env: TrueSkillEnv,
  out: PairUpdate,
): PairUpdate {
  const tau2 = env.tau * env.tau;
  const varW = sigmaW * sigmaW + tau2;
  const varL = sigmaL * sigmaL + tau2;
  const beta2 = 2 * env.beta * env.beta;
  const c2 = env.moserwareC ? sigmaW * sigmaW + sigmaL * sigmaL + beta2 : varW + varL + beta2;
  const c = Math.sqrt(c2);
  const dmu = muW - muL;
  const m = windowMoments((lo - dmu) / c, (hi - dmu) / c, scratch);
  out.muW = muW + (varW / c) * m.v;
  out.muL = muL - (varL / c) * m.v;
  out.sigmaW = Math.sqrt(varW * (1 - (varW / c2) * m.w));
  out.sigmaL = Math.sqrt(varL * (1 - (varL / c2) * m.w));
  out.logProbability = m.logZ;
  return out;
}
