/** Probabilistic forecast metrics for binary match outcomes. */

/** A forecast: `p` = predicted probability that A wins, `outcome` = 1 if A won, else 0. */
export interface Prediction {
  readonly p: number;
  readonly outcome: 0 | 1;
}

/** Aggregate forecast quality; all NaN when there are no predictions. */
export interface Metrics {
  readonly n: number;
  /** Share of matches whose favourite won; a 0.5 forecast earns half credit. */
  readonly accuracy: number;
  /** Mean -ln(probability given to what happened), probabilities clamped to [1e-15, 1 - 1e-15]. */
  readonly logLoss: number;
  /** Mean (p - outcome)^2. */
  readonly brier: number;
}

const CLAMP = 1e-15;

/** Accuracy, log-loss and Brier score of `predictions`. */
export function computeMetrics(predictions: readonly Prediction[]): Metrics {
  const n = predictions.length;
  if (n === 0) return { n, accuracy: Number.NaN, logLoss: Number.NaN, brier: Number.NaN };
  let correct = 0;
  let logLoss = 0;
  let brier = 0;
  for (const { p, outcome } of predictions) {
    const pActual = outcome === 1 ? p : 1 - p;
    correct += pActual > 0.5 ? 1 : pActual === 0.5 ? 0.5 : 0;
    logLoss -= Math.log(Math.min(1 - CLAMP, Math.max(CLAMP, pActual)));
    brier += (p - outcome) * (p - outcome);
  }
  return { n, accuracy: correct / n, logLoss: logLoss / n, brier: brier / n };
}

/** Metrics from the probabilities each model gave to the team that actually won. */
export function metricsForWinners(winnerProbabilities: readonly number[]): Metrics {
  return computeMetrics(winnerProbabilities.map((p) => ({ p, outcome: 1 as const })));
}
