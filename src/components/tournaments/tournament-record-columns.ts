import type { Column } from '#lib/kit/table.ts';
import { cell } from '#lib/kit/cells.ts';
import type { TournamentTeamRecord } from '#lib/schemas/tournament.ts';
import { formatSigned } from '#lib/format/index.ts';
import { href, paths } from '#lib/links.ts';

/**
 * A tournament's table: rank (shared when points and sector difference are equal), the team, W–L, matches,
 * sectors held for and against with their difference, points (3 a win) and the share of matches won. Narrow:
 * rank, team, W–L and points, with matches and sectors under them.
 */
export function tournamentRecordColumns(url: URL): Column<TournamentTeamRecord>[] {
  return [
    { id: 'rank', header: 'Rank', align: 'end', priority: 'key', cell: (r) => cell.text(`${r.rank}.`) },
    {
      id: 'team',
      header: 'Team',
      priority: 'key',
      cell: (r) => cell.team(r, r.registered ? href(paths.team(r.tag), url) : null),
    },
    {
      id: 'record',
      header: 'W–L',
      align: 'end',
      priority: 'key',
      cell: (r) => cell.outcome(null, `${r.wins}–${r.losses}`),
    },
    { id: 'matches', header: 'Matches', align: 'end', priority: 'sub', label: 'Matches', cell: (r) => r.matches },
    {
      id: 'sectors',
      header: 'Sectors',
      align: 'end',
      priority: 'sub',
      label: 'Sectors',
      cell: (r) =>
        cell.text(`${r.sectors_for}:${r.sectors_against} (${formatSigned(r.sectors_for - r.sectors_against, 0)})`, {
          title: 'Sectors held at the end of its matches, for and against (difference)',
        }),
    },
    { id: 'points', header: 'Points', align: 'end', priority: 'key', cell: (r) => cell.text(String(r.points)) },
    {
      id: 'share',
      header: 'Won',
      align: 'end',
      cell: (r) => cell.percent(r.matches ? r.wins / r.matches : null),
    },
  ];
}
