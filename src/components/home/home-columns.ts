import type { Column } from '#lib/kit/table.ts';
import { cell } from '#lib/kit/cells.ts';
import type { Match } from '#lib/schemas/match.ts';
import type { Team } from '#lib/schemas/team.ts';
import { href, paths } from '#lib/links.ts';
import { matchListColumns } from '#components/matches/match-list-columns.ts';

/**
 * The top-5 card's columns: ordinal rank (or 'pending'), the team badge linked to its page (the top team's icon
 * at 48 px, the others at 24 px), score, matches and record. `url` is the page's address, for carried links.
 */
export function topTeamColumns(url: URL): Column<Team>[] {
  return [
    { id: 'rank', header: 'Rank', priority: 'key', cell: (t) => cell.rank(t.rank, t.ranking) },
    {
      id: 'team',
      header: 'Team',
      priority: 'key',
      cell: (t, index) => cell.team(t, href(paths.team(t.tag), url), { size: index === 0 ? 48 : 24 }),
    },
    { id: 'score', header: 'Score', align: 'end', cell: (t) => cell.score(t.score) },
    { id: 'matches', header: 'Matches', align: 'end', cell: (t) => t.num_matches },
    { id: 'record', header: 'W–L', align: 'end', cell: (t) => `${t.wins}–${t.losses}` },
  ];
}

/** The latest-matches card: the match list's own columns (one definition site-wide) without the tournament. */
export function latestMatchColumns(url: URL): Column<Match>[] {
  return matchListColumns(url).filter((column) => column.id !== 'tournament');
}
