import type { Column } from '#lib/kit/table.ts';
import { cell } from '#lib/kit/cells.ts';
import type { Match } from '#lib/schemas/match.ts';
import type { LadderTeam } from '#lib/schemas/team-view.ts';
import { ladderColumns } from '#components/teams/team-columns.ts';
import { href, paths } from '#lib/links.ts';
import { matchListColumns } from '#components/matches/match-list-columns.ts';

/**
 * The top-5 card's columns: rank with movement, the team badge linked to its page (the top team's icon at 48 px,
 * the others at 24 px), record, last five and score (provisional marked). `url` is the page's address.
 */
export function topTeamColumns(url: URL): Column<LadderTeam>[] {
  return [
    ladderColumns.rank,
    {
      id: 'team',
      header: 'Team',
      priority: 'key',
      cell: (t, index) => cell.team(t, href(paths.team(t.tag), url), { size: index === 0 ? 48 : 24 }),
    },
    ladderColumns.record,
    ladderColumns.form,
    ladderColumns.score,
  ];
}

/** The latest-matches card: the match list's own columns (one definition site-wide) without the tournament. */
export function latestMatchColumns(url: URL): Column<Match>[] {
  return matchListColumns(url).filter((column) => column.id !== 'tournament');
}
