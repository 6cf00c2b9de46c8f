/** Two-team TrueSkill: every team is rated as a single player, so a match is 1 vs 1. */
import { DEFAULT_ENV, drawMargin } from './env.ts';
import type { TrueSkillEnv } from './env.ts';
import { cdf } from './gaussian.ts';
import { createPairUpdate, updatePair } from './pair-update.ts';
import type { Rating } from './types.ts';

const out = createPairUpdate();

/** The prior rating N(env.mu, env.sigma^2) of a new team. */
export function newRating(env: TrueSkillEnv = DEFAULT_ENV): Rating {
  return { mu: env.mu, sigma: env.sigma };
}

/**
 * Rates a 1 vs 1 match. Without `drawn`, `winner` beat `loser`: d > eps where
 * eps = drawMargin(env.drawProbability, env.beta). With `drawn`, |d| <= eps.
 * Returns [winner', loser'] (for a draw: the ratings in argument order).
 */
export function rate1vs1(
  winner: Rating,
  loser: Rating,
  drawn = false,
  env: TrueSkillEnv = DEFAULT_ENV,
): [Rating, Rating] {
  const eps = drawMargin(env.drawProbability, env.beta);
  const lo = drawn ? -eps : eps;
  const hi = drawn ? eps : Number.POSITIVE_INFINITY;
  updatePair(winner.mu, winner.sigma, loser.mu, loser.sigma, lo, hi, env, out);
  return [
    { mu: out.muW, sigma: out.sigmaW },
    { mu: out.muL, sigma: out.sigmaL },
  ];
}

/**
 * Probability that team a beats team b:
 * Phi((mu_a - mu_b) / sqrt(2 beta^2 + sigma_a^2 + sigma_b^2)). Ignores tau and draws.
 */
export function winProbability(a: Rating, b: Rating, env: TrueSkillEnv = DEFAULT_ENV): number {
  return winProbabilityRaw(a.mu, a.sigma, b.mu, b.sigma, env.beta);
}

/** {@link winProbability} on plain numbers, for hot loops. */
export function winProbabilityRaw(muA: number, sigmaA: number, muB: number, sigmaB: number, beta: number): number {
  return cdf((muA - muB) / Math.sqrt(2 * beta * beta + sigmaA * sigmaA + sigmaB * sigmaB));
}

/**
 * The predictive probability that a beats b before their match, with the match's dynamics tau added to both sides:
 * Phi((mu_a - mu_b) / sqrt(2 beta^2 + sigma_a^2 + sigma_b^2 + 2 tau^2)). Pass sigmas already grown by the time
 * dynamics (see inflateSigma). With tau = 0 this is {@link winProbabilityRaw}.
 */
export function predictWin(muA: number, sigmaA: number, muB: number, sigmaB: number, env: TrueSkillEnv): number {
  const tau2 = env.tau * env.tau;
  return cdf((muA - muB) / Math.sqrt(2 * env.beta * env.beta + sigmaA * sigmaA + sigmaB * sigmaB + 2 * tau2));
}

/**
 * TrueSkill match quality (the draw likelihood relative to equal teams):
 * sqrt(2 beta^2 / c^2) * exp(-(mu_a - mu_b)^2 / (2 c^2)), c^2 = 2 beta^2 + sigma_a^2 + sigma_b^2.
 * 1 means perfectly balanced and certain; it falls with skill gap and uncertainty.
 */
export function matchQuality(a: Rating, b: Rating, env: TrueSkillEnv = DEFAULT_ENV): number {
  const beta2 = 2 * env.beta * env.beta;
  const c2 = beta2 + a.sigma * a.sigma + b.sigma * b.sigma;
  const d = a.mu - b.mu;
  return Math.sqrt(beta2 / c2) * Math.exp((-d * d) / (2 * c2));
}
