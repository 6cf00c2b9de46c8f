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
      cell: (r) => cell.team(r, r.registered ? href(paths.team(r.tag), url) : null),
    },
    { id: 'matches', header: 'Matches', align: 'end', cell: (r) => r.matches },
    { id: 'wins', header: 'Wins', align: 'end', cell: (r) => r.wins },
    { id: 'losses', header: 'Losses', align: 'end', cell: (r) => r.losses },
    { id: 'share', header: 'Won', align: 'end', cell: (r) => cell.percent(r.matches ? r.wins / r.matches : null) },
  ];
}
