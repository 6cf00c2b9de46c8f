import type { Column } from '#lib/kit/table.ts';
import { cell } from '#lib/kit/cells.ts';
import type { TournamentTeamRecord } from '#lib/schemas/tournament.ts';
import { href, paths } from '#lib/links.ts';

/** The teams of a tournament with their record in it; the share of matches won, '–' without matches. */
export function tournamentRecordColumns(url: URL): Column<TournamentTeamRecord>[] {
  return [
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
      id: 'share',
      header: 'Won',
      align: 'end',
      priority: 'key',
      cell: (r) => cell.percent(r.matches ? r.wins / r.matches : null),
    },
  ];
}
