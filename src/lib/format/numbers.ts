const counts = new Intl.NumberFormat('en');

/** A score with 2 decimals, or '0' when missing (spec section 9). */
export function formatScore(score: number | null | undefined): string {
  return score == null || Number.isNaN(score) ? '0' : score.toFixed(2);
}

/** A count with thousands separators: 1,234. */
export function formatCount(n: number): string {
  return counts.format(n);
}

/** A number with a fixed number of decimals ('–' when missing). */
export function formatDecimal(n: number | null | undefined, digits = 2): string {
  return n == null || !Number.isFinite(n) ? '–' : n.toFixed(digits);
}

/** A share 0..1 as a percentage: 0.625 -> '62.5%' (one decimal; '–' when missing). */
export function formatPercent(share: number | null | undefined, digits = 1): string {
  return share == null || !Number.isFinite(share) ? '–' : `${(share * 100).toFixed(digits)}%`;
}

/** A change with its sign: +1.25, −0.40 (a true minus sign), 0.00. */
export function formatSigned(n: number, digits = 2): string {
  const text = Math.abs(n).toFixed(digits);
  if (Number(text) === 0) return text;
  return n > 0 ? `+${text}` : `\u2212${text}`;
}
