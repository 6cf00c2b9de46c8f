/**
 * Chronological maximum-likelihood fitting of a rating model's free parameters: the performance noise beta, the
 * sector thresholds t1 < t2 and the dynamics (tau per match, gamma per day of inactivity). The likelihood is the
 * probability of every observed result (its sector band under the sector model, else the win) under the ratings
 * before that match, replaying from the prior in date order: each match is predicted only from earlier ones.
 */
import { createEnv } from './env.ts';
import { runModel, type CompiledMatches, type ModelParams } from './engine.ts';
import { nelderMead } from './nelder-mead.ts';
import { DEFAULT_PLAYERS } from './roster-model.ts';

/** A parameter the fit may move. */
import { ratingModel, type FitParam } from '#lib/schemas/rating-models.ts';

export type { FitParam } from '#lib/schemas/rating-models.ts';

/** Options of {@link fitModel}. */
export interface FitOptions {
  /** Parameters to fit. Default: beta and the dynamics, plus t1 and t2 for the sector model. */
  readonly free?: readonly FitParam[];
  /** Only matches [0, to) enter the likelihood. Default all. */
  readonly to?: number;
  /** Evaluation budget of the optimiser. Default 600. */
  readonly maxEvaluations?: number;
}

/** A fitted parameter set. */
export interface ModelFit {
  readonly params: ModelParams;
  /** The maximised log-likelihood. */
  readonly logLikelihood: number;
  readonly evaluations: number;
}

// Dynamics may be 0; in log space they live above a floor that is 0 for every practical purpose.
const FLOOR = 1e-4;

/** The default free parameters of a model. */
export function defaultFree(params: ModelParams): FitParam[] {
  return [...ratingModel(params.model).fitted];
}

function encode(params: ModelParams, free: readonly FitParam[]): number[] {
  const { env, thresholds } = params;
  return free.map((name) => {
    if (name === 'beta') return Math.log(env.beta);
    if (name === 't1') return Math.log(thresholds.t1);
    if (name === 't2') return Math.log(thresholds.t2 - thresholds.t1);
    if (name === 'playerSigma') return Math.log((params.players ?? DEFAULT_PLAYERS).sigma);
    if (name === 'playerTau') return Math.log(Math.max((params.players ?? DEFAULT_PLAYERS).tau, FLOOR));
    return Math.log(Math.max(env[name], FLOOR));
  });
}

function decode(base: ModelParams, free: readonly FitParam[], x: readonly number[]): ModelParams {
  const value = (name: FitParam): number | undefined => {
    const i = free.indexOf(name);
    return i < 0 ? undefined : Math.exp(x[i]!);
  };
  const tiny = (v: number | undefined): number | undefined => (v !== undefined && v <= FLOOR ? 0 : v);
  const env = createEnv({
    ...base.env,
    beta: value('beta') ?? base.env.beta,
    tau: tiny(value('tau')) ?? base.env.tau,
    gamma: tiny(value('gamma')) ?? base.env.gamma,
  });
  const t1 = value('t1') ?? base.thresholds.t1;
  const gap = value('t2');
  const thresholds = { t1, t2: gap === undefined ? base.thresholds.t2 : t1 + gap };
  const players = base.players ?? (free.includes('playerSigma') ? DEFAULT_PLAYERS : undefined);
  if (players === undefined) return { env, model: base.model, thresholds };
  const sigma = value('playerSigma') ?? players.sigma;
  return { env, model: base.model, thresholds, players: { sigma, tau: tiny(value('playerTau')) ?? players.tau } };
}

/**
 * Maximises the chronological log-likelihood of matches [0, to) over the free parameters (in log space, t2 as
 * t1 + a positive gap, dynamics below 1e-4 read as 0) with Nelder-Mead from `start`, to within 0.001 of
 * log-likelihood (far below what the held-out comparison can tell apart). Deterministic.
 */
export function fitModel(c: CompiledMatches, start: ModelParams, options: FitOptions = {}): ModelFit {
  const free = options.free ?? defaultFree(start);
  const to = options.to ?? c.length;
  const objective = (x: number[]): number => -runModel(c, decode(start, free, x), { to }).bandLogLik;
  const found = nelderMead(objective, encode(start, free), {
    step: 0.5,
    tolerance: 1e-3,
    maxEvaluations: options.maxEvaluations ?? 600,
  });
  return { params: decode(start, free, found.x), logLikelihood: -found.value, evaluations: found.evaluations };
}
