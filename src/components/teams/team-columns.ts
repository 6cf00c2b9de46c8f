import type { Team } from '#lib/schemas/team.ts';
import type { Column } from '#lib/kit/table.ts';
import { cell } from '#lib/kit/cells.ts';
import { href, paths } from '#lib/links.ts';

/**
 * The columns of the team list (/teams, list view): rank (ordinal or 'pending'), the team (24 px icon, tag linked
 * to its page, name), score with 2 decimals, the TrueSkill mean and standard deviation, matches played and when
 * the rating last changed.
 */
export function teamColumns(current: URL): Column<Team>[] {
  return [
    { id: 'rank', header: 'Rank', priority: 'key', cell: (t) => cell.rank(t.rank, t.ranking) },
    {
      id: 'team',
      header: 'Team',
      priority: 'key',
      cell: (t) => cell.team(t, href(paths.team(t.tag), current), { size: 24 }),
    },
    { id: 'score', header: 'Score', align: 'end', priority: 'key', cell: (t) => cell.score(t.score) },
    { id: 'mu', header: 'TrueSkill mean (μ)', align: 'end', cell: (t) => cell.decimal(t.mu) },
    { id: 'sigma', header: 'Standard deviation (σ)', align: 'end', cell: (t) => cell.decimal(t.sigma) },
    { id: 'matches', header: 'Matches', align: 'end', priority: 'sub', label: 'Matches', cell: (t) => t.num_matches },
    {
      id: 'updated',
      header: 'Rating changed',
      cell: (t) => (t.last_updated ? cell.date(t.last_updated) : cell.text('never', { muted: true })),
    },
  ];
}
