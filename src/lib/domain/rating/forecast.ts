/**
 * A forecast from stored ratings at a given moment: what the site predicts for a match that has not been rated yet
 * (a pending or queued match, the win-probability calculator). The same arithmetic the replay applies before a
 * match: each sigma grows with the days since the team last played (inflateSigma), then predictWin.
 */
import { elapsedDays, inflateSigma } from './dynamics.ts';
import type { TrueSkillEnv } from './env.ts';
import { predictWin } from './trueskill.ts';
import type { MatchDate } from './types.ts';

/** A team's stored rating: mu, sigma and the date of its latest rated match (null: never played). */
export interface StoredRating {
  readonly mu: number;
  readonly sigma: number;
  readonly last_updated: MatchDate | null;
}

/** The rating of a team that has not played yet: the prior. */
export function priorRating(env: TrueSkillEnv): StoredRating {
  return { mu: env.mu, sigma: env.sigma, last_updated: null };
}

/** The probability that `a` beats `b` in a match at `at` (see the module comment). */
export function forecastAt(a: StoredRating, b: StoredRating, env: TrueSkillEnv, at: MatchDate): number {
  const sa = inflateSigma(a.sigma, elapsedDays(a.last_updated, at), env.gamma, env.sigma);
  const sb = inflateSigma(b.sigma, elapsedDays(b.last_updated, at), env.gamma, env.sigma);
  return predictWin(a.mu, sa, b.mu, sb, env);
}
