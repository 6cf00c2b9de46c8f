/**
 * Calibration of win probabilities: does a forecast of 70% come true 70% of the time? Forecasts are given as the
 * probability each match's actual winner was given; a match forecast p for one side is 1 - p for the other, so
 * both measures below read every match from either side alike.
 */

const logit = (p: number): number => Math.log(p / (1 - p));

/**
 * The calibration slope b of the logistic regression P(outcome) = 1 / (1 + exp(-b logit p)) without intercept
 * (symmetric forecasts need none), fitted by Newton's method. 1 is perfect; below 1 the forecasts are too
 * confident, above 1 too timid. NaN without informative forecasts (all 0.5). Probabilities are clamped to
 * [1e-12, 1 - 1e-12].
 */
export function calibrationSlope(winnerProbabilities: readonly number[]): number {
  const x = winnerProbabilities.map((p) => logit(Math.min(1 - 1e-12, Math.max(1e-12, p))));
  if (!x.some((v) => v !== 0)) return Number.NaN;
  let b = 1;
  for (let iteration = 0; iteration < 50; iteration++) {
    let gradient = 0;
    let curvature = 0;
    for (const v of x) {
      // d/db log sigmoid(b v) = v (1 - sigmoid(b v)); the second derivative is -v^2 s (1 - s).
      const s = 1 / (1 + Math.exp(-b * v));
      gradient += v * (1 - s);
      curvature += v * v * s * (1 - s);
    }
    // All forecasts on the winner's side and growing b always helps: the slope is unbounded.
    if (curvature < 1e-300) return Number.POSITIVE_INFINITY;
    const step = gradient / curvature;
    b += step;
    if (Math.abs(step) < 1e-12 * Math.max(1, Math.abs(b))) break;
  }
  return b;
}

/** One group of a reliability diagram. */
export interface ReliabilityBin {
  /** Matches in the group. */
  readonly n: number;
  /** Mean forecast probability of the favourite. */
  readonly predicted: number;
  /** Share of the group's matches the favourite won (a 50% forecast counts half). */
  readonly observed: number;
}

/**
 * A reliability diagram in `groups` (default 10, deciles) groups of equal size: every match is read from its
 * favourite's side (forecast max(p, 1 - p) >= 0.5, outcome 1 when the favourite won), sorted by that forecast and
 * cut into consecutive groups whose sizes differ by at most one. Fewer matches than groups give one group per
 * match; none gives [].
 */
export function reliabilityBins(winnerProbabilities: readonly number[], groups = 10): ReliabilityBin[] {
  const rows = winnerProbabilities
    .map((p) => ({ q: Math.max(p, 1 - p), won: p > 0.5 ? 1 : p < 0.5 ? 0 : 0.5 }))
    .sort((a, b) => a.q - b.q);
  const count = Math.min(groups, rows.length);
  const bins: ReliabilityBin[] = [];
  for (let g = 0; g < count; g++) {
    const part = rows.slice(Math.floor((g * rows.length) / count), Math.floor(((g + 1) * rows.length) / count));
    const predicted = part.reduce((s, r) => s + r.q, 0) / part.length;
    const observed = part.reduce((s, r) => s + r.won, 0) / part.length;
    bins.push({ n: part.length, predicted, observed });
  }
  return bins;
}
