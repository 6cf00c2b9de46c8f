/**
 * How a series' rating model keeps itself tuned: once a series has enough rated matches, and again every `every`
 * newly rated matches, candidate parameters are fitted by chronological maximum likelihood on the older 70% of its
 * matches and adopted only when they predict the newer 30% better (held-out log-likelihood of the winners) than
 * the parameters in use. Until then a series uses {@link DEFAULT_MODEL}, fitted on the demo community.
 */
import { createEnv } from './env.ts';
import { runModel, type CompiledMatches, type ModelParams } from './engine.ts';
import { fitModel, type FitParam } from './model-fit.ts';
import { DEFAULT_PLAYERS } from './roster-model.ts';
import { ratingModel } from '#lib/schemas/rating-models.ts';

/** When refits happen. */
export const AUTO_FIT = Object.freeze({
  /** A series is first fitted once it has this many rated matches. */
  minMatches: 100,
  /** ...and then again after this many newly rated matches. */
  every: 50,
  /** The newest share of matches held out to judge a candidate. */
  heldOut: 0.3,
});

/**
 * The parameters of a new series: the sector model with beta, thresholds and dynamics fitted by chronological
 * maximum likelihood on the default demo community's series (`npx node scripts/fit-default-model.ts`).
 */
export const DEFAULT_MODEL: ModelParams = Object.freeze({
  env: createEnv({ mu: 25, sigma: 25 / 3, beta: 6.622, tau: 0.015, gamma: 0.298 }),
  model: 'sector',
  thresholds: Object.freeze({ t1: 3.411, t2: 8.662 }),
});

/** The dynamics a candidate may use; the best on the held-out matches wins. */
const VARIANTS: readonly (readonly FitParam[])[] = [
  ['beta', 't1', 't2', 'tau', 'gamma'],
  ['beta', 't1', 't2', 'gamma'],
  ['beta', 't1', 't2', 'tau'],
];

/** What the roster-aware candidate fits, from the best team-model candidate. */
export const ROSTER_FREE: readonly FitParam[] = ['beta', 'tau', 'gamma', 'playerSigma', 'playerTau'];

/** Options of {@link refit}. */
export interface RefitOptions {
  /**
   * Whether the roster-aware model (params.players) may be a candidate. Default true; it is fitted only when the
   * matches have lineups.
   */
  readonly players?: boolean;
}

/** What {@link refit} decided. */
export interface RefitDecision {
  /** The best candidate (sector model, roster-aware or not) fitted on the older matches. */
  readonly candidate: ModelParams;
  /** True when the candidate predicts the held-out matches better than `current`. */
  readonly adopted: boolean;
  readonly trainSize: number;
  readonly heldOutSize: number;
  /** Held-out log-likelihood of the winners under the candidate and under the current parameters. */
  readonly candidateLogLik: number;
  readonly currentLogLik: number;
}

/** Whether a series with `rated` matches, last fitted at `lastFit` matches (0: never), is due for a refit. */
export function refitDue(rated: number, lastFit: number): boolean {
  return rated >= AUTO_FIT.minMatches && (lastFit === 0 || rated - lastFit >= AUTO_FIT.every);
}

/** A start for the sector fit from any parameters: their env with dynamics off replaced by small ones. */
function sectorStart(params: ModelParams, free: readonly FitParam[]): ModelParams {
  const env = createEnv({
    ...params.env,
    tau: free.includes('tau') ? Math.max(params.env.tau, 0.1) : 0,
    gamma: free.includes('gamma') ? Math.max(params.env.gamma, 0.05) : 0,
  });
  const thresholds = ratingModel(params.model).margins
    ? params.thresholds
    : { t1: env.beta / 2, t2: (5 * env.beta) / 4 };
  return { env, model: 'sector', thresholds };
}

/**
 * Fits candidates (sector model; per-match tau and daily gamma together, gamma only, tau only; each from the
 * current parameters, and also from the defaults when the series does not use the sector model yet) on the older
 * (1 - heldOut) of `c`; when the matches have lineups, also the roster-aware model from the best of those (and from
 * the roster-aware parameters in force). Keeps the candidate with the best held-out log-likelihood and compares it
 * with `current` on the same held-out matches: the model itself is chosen per series as its parameters are.
 * Deterministic.
 */
export function refit(c: CompiledMatches, current: ModelParams, options: RefitOptions = {}): RefitDecision {
  const heldOutSize = Math.round(c.length * AUTO_FIT.heldOut);
  const trainSize = c.length - heldOutSize;
  const heldOut = (p: ModelParams): number => runModel(c, p, { from: trainSize }).winLogLik;
  let best: { params: ModelParams; logLik: number } | null = null;
  for (const free of VARIANTS) {
    let fit: { params: ModelParams; logLikelihood: number } | null = null;
    for (const start of ratingModel(current.model).margins ? [current] : [current, DEFAULT_MODEL]) {
      const found = fitModel(c, sectorStart(start, free), { free, to: trainSize });
      if (fit === null || found.logLikelihood > fit.logLikelihood) fit = found;
    }
    const logLik = heldOut(fit!.params);
    if (best === null || logLik > best.logLik) best = { params: fit!.params, logLik };
  }
  if (options.players !== false && c.lineups) {
    const starts = [{ ...best!.params, players: DEFAULT_PLAYERS }, ...(current.players ? [current] : [])];
    for (const start of starts) {
      const found = fitModel(c, start, { free: ROSTER_FREE, to: trainSize, maxEvaluations: 300 });
      const logLik = heldOut(found.params);
      if (logLik > best!.logLik) best = { params: found.params, logLik };
    }
  }
  const currentLogLik = heldOut(current);
  return {
    candidate: best!.params,
    adopted: best!.logLik > currentLogLik,
    trainSize,
    heldOutSize,
    candidateLogLik: best!.logLik,
    currentLogLik,
  };
}

/** One refit of {@link liveForecasts}. */
export interface LiveRefit {
  /** Rated matches when it ran. */
  readonly at: number;
  readonly adopted: boolean;
  readonly params: ModelParams;
}

/**
 * What a series would have predicted live: matches are rated one by one from {@link DEFAULT_MODEL} (or `start`),
 * refitting the team model whenever {@link refitDue}; each match's pre-match probability for its winner uses the parameters in
 * force when it was rated (NaN for draws).
 */
export function liveForecasts(
  c: CompiledMatches,
  start: ModelParams = DEFAULT_MODEL,
): { probabilities: Float64Array; refits: LiveRefit[] } {
  const probabilities = new Float64Array(c.length).fill(Number.NaN);
  const refits: LiveRefit[] = [];
  let params = start;
  let from = 0;
  let lastFit = 0;
  for (let rated = 1; rated <= c.length; rated++) {
    if (rated < c.length && !refitDue(rated, lastFit)) continue;
    runModel(c, params, { from, to: rated, onPrediction: (i, p) => (probabilities[i] = p) });
    from = rated;
    if (rated === c.length) break;
    lastFit = rated;
    // The team model, as a series whose matches have no lineups refits it.
    const decision = refit({ ...c, length: rated }, params, { players: false });
    if (decision.adopted) params = decision.candidate;
    refits.push({ at: rated, adopted: decision.adopted, params });
  }
  return { probabilities, refits };
}
