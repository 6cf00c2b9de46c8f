import type { TournamentStatus } from '#lib/schemas/tournament.ts';
/** The label shown for a match's calculation status (spec section 4, exact wording). */
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

export type StatusTone = 'success' | 'warning' | 'danger' | 'info' | 'neutral';

/** The colour family of a status badge; the label always carries the meaning, the tone only supports it. */
export function statusTone(status: string): StatusTone {
  switch (status) {
    case 'posted':
      return 'success';
    case 'pending':
      return 'warning';
    case 'disputed':
      return 'danger';
    case 'skipped':
      return 'neutral';
    default:
      return 'info';
  }
}

/** A match type as shown: 'Friendly', 'Competitive', 'Event'. */
export function matchTypeLabel(type: string): string {
  return type ? type[0]!.toUpperCase() + type.slice(1) : type;
}

const TOURNAMENT_STATUS_LABELS: Record<TournamentStatus, string> = {
  upcoming: 'Upcoming',
  running: 'Running',
  finished: 'Finished',
};

/** 'Upcoming', 'Running' or 'Finished': a tournament's status in words (the list and its page say the same). */
export function tournamentStatusLabel(status: TournamentStatus): string {
  return TOURNAMENT_STATUS_LABELS[status];
}
