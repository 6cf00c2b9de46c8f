import type { Column } from '#lib/kit/table.ts';
import { cell } from '#lib/kit/cells.ts';
import { formHtml, movementHtml, rankHtml } from '#lib/kit/badges.ts';
import { rankText } from '#lib/kit/cells.ts';
import { formatScore } from '#lib/format/index.ts';
import type { LadderTeam } from '#lib/schemas/team-view.ts';
import { href, paths } from '#lib/links.ts';

/**
 * The ladder's own columns, shared by /teams and the home page's top 5: the rank with its movement since last
 * week, the record (W–L) and the last five results, and the score, which for a team still provisional (pending:
 * too few matches to be ranked) says so, so that a low or negative score does not read as an error.
 */
export const ladderColumns = {
  rank: {
    id: 'rank',
    header: 'Rank',
    priority: 'key',
    cell: (t) =>
      cell.html(
        rankHtml(t.rank, t.ranking) + movementHtml(t.movement, t.ranking === 'ranked'),
        rankText(t.rank, t.ranking),
      ),
  },
  record: {
    id: 'record',
    header: 'W–L',
    align: 'end',
    priority: 'key',
    cell: (t) => cell.outcome(null, `${t.wins}–${t.losses}`),
  },
  form: {
    id: 'form',
    header: 'Last 5',
    priority: 'sub',
    label: 'Last 5',
    cell: (t) => cell.html(formHtml(t.form), t.form.join(' ') || '–'),
  },
  score: {
    id: 'score',
    header: 'Score',
    align: 'end',
    priority: 'key',
    cell: (t) =>
      t.ranking === 'ranked'
        ? cell.score(t.score)
        : cell.text(`${formatScore(t.score)} provisional`, {
            muted: true,
            title: 'Provisional: too few matches to be ranked yet; the score rises as the rating settles',
          }),
  },
} satisfies Record<string, Column<LadderTeam>>;

/**
 * The columns of the team list (/teams, list view): rank (ordinal or 'pending') and movement, the team (24 px
 * icon, tag linked to its page, name), record and last five, score with 2 decimals (provisional marked), the
 * TrueSkill mean and standard deviation, matches played and when the rating last changed. Narrow: rank, team,
 * record and score, with the last five and matches under them.
 */
export function teamColumns(current: URL): Column<LadderTeam>[] {
  return [
    ladderColumns.rank,
    {
      id: 'team',
      header: 'Team',
      priority: 'key',
      cell: (t) => cell.team(t, href(paths.team(t.tag), current), { size: 24 }),
    },
    ladderColumns.record,
    ladderColumns.form,
    ladderColumns.score,
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
