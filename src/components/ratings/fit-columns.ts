/** The columns of the refits table on /statistics/ratings. */
import type { Column } from '#lib/kit/table.ts';
import type { RatingFitView } from '#lib/schemas/ratings-page.ts';
import { formatCount, formatDateTime, formatDecimal } from '#lib/format/index.ts';

export const fitColumns: readonly Column<RatingFitView>[] = [
  { id: 'at', header: 'When', priority: 'key', cell: (f) => formatDateTime(f.at) },
  { id: 'by', header: 'By', priority: 'sub', cell: (f) => (f.trigger === 'cli' ? 'Operator' : 'Automatic') },
  {
    id: 'matches',
    header: 'Matches',
    align: 'end',
    priority: 'sub',
    label: 'Matches',
    cell: (f) => formatCount(f.matches),
  },
  {
    id: 'previous',
    header: 'Held-out log-lik. (in force)',
    align: 'end',
    cell: (f) => formatDecimal(f.previous_log_lik, 2),
  },
  {
    id: 'candidate',
    header: 'Held-out log-lik. (candidate)',
    align: 'end',
    cell: (f) => formatDecimal(f.candidate_log_lik, 2),
  },
  { id: 'adopted', header: 'Outcome', priority: 'key', cell: (f) => (f.adopted ? 'Adopted' : 'Kept') },
];
