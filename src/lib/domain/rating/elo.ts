/** Elo baseline: logistic expectation on the 400-point scale. */

/** Default Elo settings: everyone starts at 1500, K = 32. */
export const ELO_DEFAULTS = Object.freeze({ initial: 1500, k: 32 });

/** Expected score (= win probability) of A against B: 1 / (1 + 10^((rb - ra) / 400)). */
export function eloExpected(ra: number, rb: number): number {
  return 1 / (1 + Math.pow(10, (rb - ra) / 400));
}

/**
 * Ratings after A scored `scoreA` (1 win, 0.5 draw, 0 loss) against B:
 * ra' = ra + k (scoreA - E), rb' = rb - k (scoreA - E). The sum is conserved.
 */
export function eloUpdate(ra: number, rb: number, scoreA: number, k: number = ELO_DEFAULTS.k): [number, number] {
  const delta = k * (scoreA - eloExpected(ra, rb));
  return [ra + delta, rb - delta];
}
