/** Chronological maximum-likelihood fit of the sector-score thresholds. */
import { DEFAULT_ENV, drawMargin } from './env.ts';
import type { TrueSkillEnv } from './env.ts';
import { nelderMead } from './nelder-mead.ts';
import { createPairUpdate } from './pair-update.ts';
import { isSectorResult, updateSectorPair } from './sector-score.ts';
import type { SectorThresholds } from './sector-score.ts';
import type { RatedMatch, TeamKey } from './types.ts';

/** Fitted thresholds with the maximised log-likelihood. */
export interface ThresholdFit extends SectorThresholds {
  readonly logLikelihood: number;
  /** Matches with a banded result (5-0, 4-1, 3-2) that entered the likelihood. */
  readonly observations: number;
  readonly evaluations: number;
}

/**
 * Log-likelihood of the observed bands: replays `matches` in order under the
 * sector score with `thresholds`, summing log P(band) of every 5-0 / 4-1 / 3-2
 * match under its pre-match ratings. Other results and draws update ratings
 * but add nothing.
 */
export function sectorLogLikelihood(
  matches: readonly RatedMatch[],
  thresholds: SectorThresholds,
  env: TrueSkillEnv = DEFAULT_ENV,
): number {
  const eps = drawMargin(env.drawProbability, env.beta);
  const mu = new Map<TeamKey, number>();
  const sigma = new Map<TeamKey, number>();
  const out = createPairUpdate();
  let total = 0;
  for (const m of matches) {
    const drawn = m.drawn === true;
    updateSectorPair(
      mu.get(m.winner) ?? env.mu,
      sigma.get(m.winner) ?? env.sigma,
      mu.get(m.loser) ?? env.mu,
      sigma.get(m.loser) ?? env.sigma,
      m.result,
      drawn,
      thresholds,
      eps,
      env,
      out,
    );
    if (!drawn && isSectorResult(m.result)) total += out.logProbability;
    mu.set(m.winner, out.muW);
    sigma.set(m.winner, out.sigmaW);
    mu.set(m.loser, out.muL);
    sigma.set(m.loser, out.sigmaL);
  }
  return total;
}

/**
 * Maximises {@link sectorLogLikelihood} over 0 < t1 < t2, parametrised as
 * (log t1, log(t2 - t1)) so every candidate is valid, with Nelder-Mead from a
 * few starting points scaled by beta; the best optimum wins. Matches must be in
 * date order. Without any banded result the likelihood is flat and the first
 * start is returned with logLikelihood 0.
 */
export function fitSectorThresholds(matches: readonly RatedMatch[], env: TrueSkillEnv = DEFAULT_ENV): ThresholdFit {
  const observations = matches.reduce((n, m) => n + (m.drawn !== true && isSectorResult(m.result) ? 1 : 0), 0);
  const toThresholds = (x: readonly number[]): SectorThresholds => {
    const t1 = Math.exp(x[0]!);
    return { t1, t2: t1 + Math.exp(x[1]!) };
  };
  const b = env.beta;
  const starts = [
    [b / 2, b],
    [b / 8, b / 4],
    [2 * b, 4 * b],
  ];
  if (observations === 0) {
    return { t1: starts[0]![0]!, t2: starts[0]![0]! + starts[0]![1]!, logLikelihood: 0, observations, evaluations: 0 };
  }
  let best = { x: [0, 0], value: Number.POSITIVE_INFINITY };
  let evaluations = 0;
  for (const [t1, gap] of starts) {
    const found = nelderMead(
      (x) => -sectorLogLikelihood(matches, toThresholds(x), env),
      [Math.log(t1!), Math.log(gap!)],
      { step: 0.7, tolerance: 1e-7, maxEvaluations: 300 },
    );
    evaluations += found.evaluations;
    if (found.value < best.value) best = found;
  }
  return { ...toThresholds(best.x), logLikelihood: -best.value, observations, evaluations };
}
