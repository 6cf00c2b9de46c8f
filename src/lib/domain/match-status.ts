/** The label shown for a match's calculation status (spec section 4). */
export function calculationStatusLabel(status: string): string {
  switch (status) {
    case 'posted':
      return 'Posted';
    case 'pending':
      return 'Pending approval';
    case 'queued':
      return 'Queued';
    case 'skipped':
      return 'Friendly';
    case 'disputed':
      return 'Disputed by opponent';
    default:
      return 'Processing';
  }
}

/** A score with 2 decimals, or '0' when missing (spec section 9). */
export function formatScore(score: number | null | undefined): string {
  return score == null || Number.isNaN(score) ? '0' : score.toFixed(2);
}
