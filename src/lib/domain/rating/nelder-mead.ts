/** A small deterministic Nelder-Mead minimiser for low-dimensional smooth objectives. */

/** Result of {@link nelderMead}. */
export interface Minimum {
  readonly x: number[];
  readonly value: number;
  readonly evaluations: number;
}

/** Options of {@link nelderMead}. */
export interface NelderMeadOptions {
  /** Initial simplex edge length per coordinate. Default 0.5. */
  readonly step?: number;
  /** Stop when the simplex values span less than this. Default 1e-9. */
  readonly tolerance?: number;
  /** Evaluation budget. Default 400. */
  readonly maxEvaluations?: number;
}

/**
 * Minimises f from x0 with the standard coefficients (reflect 1, expand 2,
 * contract 1/2, shrink 1/2). Non-finite values count as +Infinity.
 */
export function nelderMead(
  f: (x: number[]) => number,
  x0: readonly number[],
  options: NelderMeadOptions = {},
): Minimum {
  const n = x0.length;
  const step = options.step ?? 0.5;
  const tolerance = options.tolerance ?? 1e-9;
  const budget = options.maxEvaluations ?? 400;
  let evaluations = 0;
  const evaluate = (x: number[]): number => {
    evaluations++;
    const y = f(x);
    return Number.isFinite(y) ? y : Number.POSITIVE_INFINITY;
  };
  const simplex: { x: number[]; y: number }[] = [];
  for (let i = 0; i <= n; i++) {
    const x = x0.slice();
    if (i > 0) x[i - 1]! += step;
    simplex.push({ x, y: evaluate(x) });
  }
  const along = (from: number[], to: number[], t: number): number[] => from.map((v, j) => v + t * (to[j]! - v));

  while (evaluations < budget) {
    simplex.sort((a, b) => a.y - b.y);
    const best = simplex[0]!;
    const worst = simplex[n]!;
    if (Math.abs(worst.y - best.y) <= tolerance) break;
    const centroid = new Array<number>(n).fill(0);
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) centroid[j]! += simplex[i]!.x[j]! / n;

    const reflected = along(worst.x, centroid, 2);
    const yr = evaluate(reflected);
    if (yr < best.y) {
      const expanded = along(worst.x, centroid, 3);
      const ye = evaluate(expanded);
      simplex[n] = ye < yr ? { x: expanded, y: ye } : { x: reflected, y: yr };
    } else if (yr < simplex[n - 1]!.y) {
      simplex[n] = { x: reflected, y: yr };
    } else {
      // Contract towards the better of the worst point and its reflection.
      const outside = yr < worst.y;
      const contracted = outside ? along(worst.x, centroid, 1.5) : along(worst.x, centroid, 0.5);
      const yc = evaluate(contracted);
      if (yc < Math.min(yr, worst.y)) {
        simplex[n] = { x: contracted, y: yc };
      } else {
        for (let i = 1; i <= n; i++) {
          const x = along(best.x, simplex[i]!.x, 0.5);
          simplex[i] = { x, y: evaluate(x) };
        }
      }
    }
  }
  simplex.sort((a, b) => a.y - b.y);
  return { x: simplex[0]!.x, value: simplex[0]!.y, evaluations };
}
