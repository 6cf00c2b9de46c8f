/**
 * A compact chronological runner of the rating models for fitting and evaluation: the matches are compiled once
 * into typed arrays, then replayed many times under different parameters. Every step is the same arithmetic as
 * replayRatings (time dynamics, sector or TrueSkill update, predictive win probability), so its predictions equal
 * the stored ones bit for bit.
 */
import { DAY_MS, dateMs, inflateSigma } from './dynamics.ts';
import { drawMargin } from './env.ts';
import { createPairUpdate, updatePair } from './pair-update.ts';
import type { ReplayParams } from './replay-types.ts';
import { predictWin } from './trueskill.ts';
import type { RatedMatch, TeamKey } from './types.ts';
import { KIND } from './kind.ts';
import { compileLineups, runRosterModel } from './roster-model.ts';
import type { CompiledMatches, ModelParams, RunOptions, RunTotals } from './run-types.ts';
import { ratingModel } from '#lib/schemas/rating-models.ts';

export type { CompiledMatches, ModelParams, RunOptions, RunTotals } from './run-types.ts';

export { KIND } from './kind.ts';

/** The replayRatings parameters of a model (its env, model and thresholds). */
export function replayParamsOf(p: ModelParams, rankedAfter?: number): ReplayParams {
  return {
    ...p.env,
    model: p.model,
    thresholds: p.thresholds,
    ...(rankedAfter === undefined ? {} : { rankedAfter }),
  };
}

/** Compiles matches (already in rating order) for {@link runModel}. */
export function compileMatches(matches: readonly RatedMatch[]): CompiledMatches {
  const index = new Map<TeamKey, number>();
  const teams: TeamKey[] = [];
  const id = (key: TeamKey): number => {
    let i = index.get(key);
    if (i === undefined) {
      i = teams.length;
      index.set(key, i);
      teams.push(key);
    }
    return i;
  };
  const n = matches.length;
  const winner = new Int32Array(n);
  const loser = new Int32Array(n);
  const kind = new Uint8Array(n);
  const time = new Float64Array(n);
  matches.forEach((m, i) => {
    winner[i] = id(m.winner);
    loser[i] = id(m.loser);
    kind[i] =
      m.drawn === true
        ? KIND.draw
        : m.result === '3-2'
          ? KIND.r32
          : m.result === '4-1'
            ? KIND.r41
            : m.result === '5-0'
              ? KIND.r50
              : KIND.win;
    time[i] = dateMs(m.date);
  });
  return { length: n, teams, winner, loser, kind, time, lineups: compileLineups(matches) };
}

/**
 * Replays compiled matches from the prior under `params`, scoring matches from `from` on: before each match both
 * sigmas grow with the days since the team last played (inflateSigma, capped at the prior sigma), the winner's
 * probability is predictWin, then the pair is updated for the observed window. With `params.players` it is the
 * roster-aware model instead (runRosterModel).
 */
export function runModel(c: CompiledMatches, params: ModelParams, options: RunOptions = {}): RunTotals {
  if (params.players !== undefined) return runRosterModel(c, params, params.players, options).totals;
  const { env, thresholds } = params;
  const sector = ratingModel(params.model).margins;
  const from = options.from ?? 0;
  const to = Math.min(options.to ?? c.length, c.length);
  const count = c.teams.length;
  const mu = new Float64Array(count).fill(env.mu);
  const sigma = new Float64Array(count).fill(env.sigma);
  const last = new Float64Array(count).fill(Number.NaN);
  const eps = drawMargin(env.drawProbability, env.beta);
  const out = createPairUpdate();
  const totals: RunTotals = { n: 0, winLogLik: 0, bandLogLik: 0 };
  for (let i = 0; i < to; i++) {
    const w = c.winner[i]!;
    const l = c.loser[i]!;
    const t = c.time[i]!;
    const sw = Number.isNaN(last[w]!) ? sigma[w]! : inflateSigma(sigma[w]!, days(last[w]!, t), env.gamma, env.sigma);
    const sl = Number.isNaN(last[l]!) ? sigma[l]! : inflateSigma(sigma[l]!, days(last[l]!, t), env.gamma, env.sigma);
    const k = c.kind[i]!;
    let lo = eps;
    let hi = Number.POSITIVE_INFINITY;
    if (k === KIND.draw) lo = -eps;
    if (k === KIND.draw) hi = eps;
    else if (sector && k === KIND.r32) [lo, hi] = [0, thresholds.t1];
    else if (sector && k === KIND.r41) [lo, hi] = [thresholds.t1, thresholds.t2];
    else if (sector && k === KIND.r50) lo = thresholds.t2;
    if (i >= from && k !== KIND.draw) {
      const p = predictWin(mu[w]!, sw, mu[l]!, sl, env);
      totals.n++;
      totals.winLogLik += Math.log(p);
      options.onPrediction?.(i, p);
    }
    updatePair(mu[w]!, sw, mu[l]!, sl, lo, hi, env, out);
    if (i >= from) totals.bandLogLik += out.logProbability;
    mu[w] = out.muW;
    sigma[w] = out.sigmaW;
    mu[l] = out.muL;
    sigma[l] = out.sigmaL;
    last[w] = t;
    last[l] = t;
  }
  return totals;
}

// The same arithmetic as elapsedDays on the stored dates: (to - from) / DAY_MS, never negative.
function days(from: number, to: number): number {
  const d = (to - from) / DAY_MS;
  return d > 0 ? d : 0;
}
