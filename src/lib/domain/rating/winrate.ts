/** Win-rate baseline: compares Laplace-smoothed past win rates. */

/** Laplace-smoothed win rate (wins + 1) / (games + 2); 0.5 for a team without games. */
export function smoothedWinRate(wins: number, games: number): number {
  return (wins + 1) / (games + 2);
}

/**
 * Probability that A beats B from smoothed win rates pa, pb, by Bill James'
 * log5: pa (1 - pb) / (pa (1 - pb) + pb (1 - pa)). Equal rates give 0.5 and the
 * result is symmetric: P(A beats B) + P(B beats A) = 1.
 */
export function winRateProbability(winsA: number, gamesA: number, winsB: number, gamesB: number): number {
  const pa = smoothedWinRate(winsA, gamesA);
  const pb = smoothedWinRate(winsB, gamesB);
  const x = pa * (1 - pb);
  return x / (x + pb * (1 - pa));
}
