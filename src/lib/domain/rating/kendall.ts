/** Kendall rank correlation. */

/**
 * Kendall's tau-b between paired samples x and y (equal length):
 * (C - D) / sqrt((n0 - n1)(n0 - n2)) with C/D the concordant/discordant pairs,
 * n0 = n(n - 1)/2 and n1, n2 the pairs tied in x and in y. Pairs tied in both
 * count in neither C nor D. Returns null when undefined (fewer than two
 * items, or either side entirely tied). O(n^2), fine for leaderboard sizes.
 */
export function kendallTauB(x: readonly number[], y: readonly number[]): number | null {
  if (x.length !== y.length) throw new RangeError('kendallTauB needs samples of equal length');
  const n = x.length;
  let concordant = 0;
  let discordant = 0;
  let tiesX = 0;
  let tiesY = 0;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const dx = Math.sign(x[i]! - x[j]!);
      const dy = Math.sign(y[i]! - y[j]!);
      if (dx === 0) tiesX++;
      if (dy === 0) tiesY++;
      if (dx !== 0 && dy !== 0) {
        if (dx === dy) concordant++;
        else discordant++;
      }
    }
  }
  const n0 = (n * (n - 1)) / 2;
  const denominator = Math.sqrt((n0 - tiesX) * (n0 - tiesY));
  return denominator > 0 ? (concordant - discordant) / denominator : null;
}
