/**
 * Out-of-sample comparison of the rating model with baselines: every model learns from every match in date order
 * and is scored on its pre-match probability for the actual winner over the newest `testFraction` of matches.
 * Whatever a model tunes (its parameters, Elo's k, HeLO's scale) is tuned on the older matches only.
 */
import { DEFAULT_MODEL, ROSTER_FREE, liveForecasts, refit, refitDue } from './auto-fit.ts';
import { DEFAULT_PLAYERS } from './roster-model.ts';
import { eloForecasts, fitHeloScale, heloLeads, heloProbabilities, tuneEloK, winRateForecasts } from './baselines.ts';
import { bootstrapInterval } from './bootstrap.ts';
import { calibrationSlope, reliabilityBins, type ReliabilityBin } from './calibration.ts';
import { DEFAULT_ENV } from './env.ts';
import { KIND, compileMatches, runModel, type CompiledMatches, type ModelParams } from './engine.ts';
import { dateMs } from './dynamics.ts';
import { metricsForWinners } from './metrics.ts';
import { fitModel } from './model-fit.ts';
import type { RatedMatch } from './types.ts';
import { ratingModel } from '#lib/schemas/rating-models.ts';

/**
 * The compared models: `rating` is the site's model with the parameters the automatic refit would choose from the
 * older matches; `live` what the site would have predicted match by match (refitting as it went, slow);
 * `trueskill` plain TrueSkill (mu 25, sigma 25/3, beta 25/6, tau 25/300); `trueskill_tau` the same with tau tuned;
 * `elo` Elo with k tuned; `helo` a HeLO-like Elo on sector shares (k 40), rescaled; `winrate` smoothed win rates;
 * `oracle` the true probabilities (simulations only); `roster` the roster-aware model (the `rating` parameters with
 * the players' part and the dynamics refitted on the older matches; the team model when no match has a lineup);
 * `auto` what the automatic refit picks from both on held-out matches (the team or the roster-aware model).
 */
export type ModelName =
  'rating' | 'roster' | 'auto' | 'live' | 'trueskill' | 'trueskill_tau' | 'elo' | 'helo' | 'winrate' | 'oracle';

/** The default models (no `live`, no `oracle`). */
export const BASELINE_MODELS: readonly ModelName[] = [
  'rating',
  'roster',
  'auto',
  'trueskill',
  'trueskill_tau',
  'elo',
  'helo',
  'winrate',
];

/** Options of {@link evaluateModels}. */
export interface EvaluateOptions {
  /** Share of the newest matches that is scored. Default 0.3. */
  readonly testFraction?: number;
  /**
   * Models in output order. Default {@link BASELINE_MODELS} (without `roster` and `auto` when no match has a
   * lineup), plus `oracle` when oracle probabilities are given.
   */
  readonly models?: readonly ModelName[];
  /** Parameters the `rating` refit starts from and must beat. Default DEFAULT_MODEL. */
  readonly start?: ModelParams;
  /** The true probability that each match's winner wins, in input order (simulations). */
  readonly oracle?: readonly number[];
  /** Bootstrap resamples of the confidence intervals. Default 1000; 0 skips them. */
  readonly bootstrap?: number;
}

/** Metrics of one model on the test matches (draws excluded). */
export interface EvaluationRow {
  readonly model: ModelName;
  readonly n: number;
  readonly accuracy: number;
  readonly log_loss: number;
  readonly brier: number;
  /** 95% bootstrap interval of the log-loss. */
  readonly log_loss_ci: readonly [number, number];
  /** Log-loss minus the oracle's on the same matches (null without an oracle), with its paired interval. */
  readonly gap: number | null;
  readonly gap_ci: readonly [number, number] | null;
  /** See calibrationSlope: 1 is calibrated. */
  readonly calibration_slope: number;
  /** Deciles of the favourite's forecast against how often it won. */
  readonly reliability: readonly ReliabilityBin[];
  /** What was tuned, in words (e.g. 'k = 24.3'). */
  readonly tuned: string;
}

/** Result of {@link evaluateModels}. */
export interface Evaluation {
  readonly rows: EvaluationRow[];
  readonly trainSize: number;
  readonly testSize: number;
  /** The parameters the `rating` model used. */
  readonly params: ModelParams;
}

const CLASSIC: ModelParams = { env: DEFAULT_ENV, model: 'trueskill', thresholds: { t1: 0, t2: 0 } };

/** Per-match winner probabilities of a parameter set (NaN for draws). */
export function modelForecasts(c: CompiledMatches, params: ModelParams): Float64Array {
  const out = new Float64Array(c.length).fill(Number.NaN);
  runModel(c, params, { onPrediction: (i, p) => (out[i] = p) });
  return out;
}

/** Describes parameters in words for the `tuned` column. */
export function describeParams(p: ModelParams): string {
  const { beta, tau, gamma } = p.env;
  const bands = ratingModel(p.model).margins
    ? `t1 ${p.thresholds.t1.toFixed(2)}, t2 ${p.thresholds.t2.toFixed(2)}, `
    : '';
  const players = p.players ? `, players sigma ${p.players.sigma.toFixed(2)} tau ${p.players.tau.toFixed(3)}` : '';
  return `${bands}beta ${beta.toFixed(2)}, tau ${tau.toFixed(3)}, gamma ${gamma.toFixed(3)}${players}`;
}

/**
 * Scores each model on the newest `testFraction` of `matches` (sorted by date here, ties in input order). The
 * `rating` model is refitted on the older matches exactly as a live series would be (when they are enough, see
 * refitDue). With oracle probabilities, every row also gets its gap to the oracle.
 */
export function evaluateModels(matches: readonly RatedMatch[], options: EvaluateOptions = {}): Evaluation {
  const fraction = options.testFraction ?? 0.3;
  if (!(fraction > 0 && fraction <= 1)) throw new RangeError('testFraction must be in (0, 1]');
  const order = matches.map((m, i) => ({ m, i, t: dateMs(m.date) }));
  order.sort((a, b) => (a.t < b.t ? -1 : a.t > b.t ? 1 : a.i - b.i));
  const c = compileMatches(order.map((x) => x.m));
  const oracle = options.oracle ? order.map((x) => options.oracle![x.i]!) : null;
  const testSize = Math.round(c.length * fraction);
  const trainSize = c.length - testSize;
  const start = options.start ?? DEFAULT_MODEL;
  const train: CompiledMatches = { ...c, length: trainSize };
  let params = start;
  if (refitDue(trainSize, 0)) {
    const decision = refit(train, start, { players: false });
    if (decision.adopted) params = decision.candidate;
  }
  // Without lineups the roster-aware model is the team model: its rows are left out unless asked for.
  const baselines = c.lineups ? BASELINE_MODELS : BASELINE_MODELS.filter((m) => m !== 'roster' && m !== 'auto');
  const names = options.models ?? [...baselines, ...(oracle ? (['oracle'] as const) : [])];
  const chosen = names.includes('auto') && refitDue(trainSize, 0) ? refit(train, start) : null;

  const forecasts = (name: ModelName): { p: ArrayLike<number>; tuned: string } => {
    switch (name) {
      case 'rating':
        return { p: modelForecasts(c, params), tuned: describeParams(params) };
      case 'roster': {
        if (!c.lineups) return { p: modelForecasts(c, params), tuned: 'no lineups: the team model' };
        const fit = fitModel(
          train,
          { ...params, players: DEFAULT_PLAYERS },
          { free: ROSTER_FREE, maxEvaluations: 300 },
        );
        return { p: modelForecasts(c, fit.params), tuned: describeParams(fit.params) };
      }
      case 'auto': {
        const picked = chosen?.adopted === true ? chosen.candidate : start;
        return {
          p: modelForecasts(c, picked),
          tuned: `${picked.players ? 'roster-aware' : 'team'}: ${describeParams(picked)}`,
        };
      }
      case 'live':
        return { p: liveForecasts(c, start).probabilities, tuned: 'refitted as matches arrive' };
      case 'trueskill':
        return { p: modelForecasts(c, CLASSIC), tuned: 'none' };
      case 'trueskill_tau': {
        const fit = fitModel(c, CLASSIC, { free: ['tau'], to: trainSize });
        return { p: modelForecasts(c, fit.params), tuned: `tau ${fit.params.env.tau.toFixed(3)}` };
      }
      case 'elo': {
        const k = tuneEloK(c, trainSize);
        return { p: eloForecasts(c, k), tuned: `k ${k.toFixed(1)}` };
      }
      case 'helo': {
        const leads = heloLeads(c);
        const a = fitHeloScale(leads, trainSize);
        return { p: heloProbabilities(leads, a), tuned: `scale ${a.toFixed(3)}` };
      }
      case 'winrate':
        return { p: winRateForecasts(c), tuned: 'none' };
      case 'oracle':
        if (!oracle) throw new RangeError('The oracle needs true probabilities');
        return { p: oracle, tuned: 'knows the true strengths' };
    }
  };

  const scored: number[] = [];
  for (let i = trainSize; i < c.length; i++) if (c.kind[i] !== KIND.draw) scored.push(i);
  const oracleLoss = oracle ? scored.map((i) => -Math.log(oracle[i]!)) : null;
  const samples = options.bootstrap ?? 1000;
  const rows = names.map((name): EvaluationRow => {
    const { p, tuned } = forecasts(name);
    const winners = scored.map((i) => p[i]!);
    const metrics = metricsForWinners(winners);
    const losses = winners.map((q) => -Math.log(Math.min(1 - 1e-15, Math.max(1e-15, q))));
    const interval = (values: number[]): [number, number] =>
      samples > 0 ? bootstrapInterval(values, { samples }) : [Number.NaN, Number.NaN];
    const gaps = oracleLoss ? losses.map((l, j) => l - oracleLoss[j]!) : null;
    return {
      model: name,
      n: metrics.n,
      accuracy: metrics.accuracy,
      log_loss: metrics.logLoss,
      brier: metrics.brier,
      log_loss_ci: interval(losses),
      gap: gaps ? gaps.reduce((s, g) => s + g, 0) / Math.max(1, gaps.length) : null,
      gap_ci: gaps ? interval(gaps) : null,
      calibration_slope: calibrationSlope(winners),
      reliability: reliabilityBins(winners),
      tuned,
    };
  });
  return { rows, trainSize, testSize, params };
}
