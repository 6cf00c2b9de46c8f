import type { Column } from '#lib/kit/table.ts';
import { cell } from '#lib/kit/cells.ts';
import type { Match, MatchTeam } from '#lib/schemas/match.ts';
import { href, paths } from '#lib/links.ts';

function teamCell(team: MatchTeam, url: URL) {
  return cell.team(team, team.registered ? href(paths.team(team.tag), url) : null);
}

/** A tournament's matches: the date links to the match; teams winner first; an unregistered side by its tag. */
export function tournamentMatchColumns(url: URL): Column<Match>[] {
  return [
    { id: 'date', header: 'Date', cell: (m) => cell.date(m.date, href(paths.match(m.match_id), url)) },
    { id: 'winner', header: 'Winner', cell: (m) => teamCell(m.team_details[0], url) },
    { id: 'result', header: 'Result', align: 'center', cell: (m) => m.result },
    { id: 'loser', header: 'Loser', cell: (m) => teamCell(m.team_details[1], url) },
    { id: 'map', header: 'Map', cell: (m) => m.map },
    { id: 'status', header: 'Status', cell: (m) => cell.status(m.calculation_status) },
  ];
}
