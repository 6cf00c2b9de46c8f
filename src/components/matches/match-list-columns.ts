import type { Column } from '#lib/kit/table.ts';
import { cell } from '#lib/kit/cells.ts';
import type { Match, MatchTeam } from '#lib/schemas/match.ts';
import { href, paths } from '#lib/links.ts';
import { matchTypeLabel } from '#lib/format/index.ts';

/** A side of a match as a badge cell: a registered team links to its page, an unregistered one is its tag only. */
function teamCell(team: MatchTeam, url: URL) {
  return cell.team(team, team.registered ? href(paths.team(team.tag), url) : null);
}

/**
 * The match list's columns (spec issue: date, teams winner first, result, map, type, tournament, status). The
 * date links to the match, so every row leads to its report; `url` is the page's address, for carried links.
 * Narrow, a row is 'winner – result – loser' with its date and map under them; type, tournament and status are on
 * the match's page. `series` names the series the matches belong to when it may not be the page's (a tournament of
 * another series), so that each link goes straight to the match's own address.
 */
export function matchListColumns(url: URL, series?: string): Column<Match>[] {
  const own = series ? `?series=${encodeURIComponent(series)}` : '';
  return [
    {
      id: 'date',
      header: 'Date',
      priority: 'sub',
      cell: (m) => cell.date(m.date, href(`${paths.match(m.match_id)}${own}`, url)),
    },
    { id: 'winner', header: 'Winner', priority: 'key', cell: (m) => teamCell(m.team_details[0], url) },
    { id: 'result', header: 'Result', align: 'center', priority: 'key', cell: (m) => cell.outcome(null, m.result) },
    { id: 'loser', header: 'Loser', priority: 'key', cell: (m) => teamCell(m.team_details[1], url) },
    { id: 'map', header: 'Map', priority: 'sub', cell: (m) => m.map },
    { id: 'type', header: 'Type', cell: (m) => matchTypeLabel(m.type) },
    {
      id: 'tournament',
      header: 'Tournament',
      cell: (m) => (m.tournament ? cell.link(m.tournament, href(paths.tournament(m.tournament), url)) : null),
    },
    { id: 'status', header: 'Status', cell: (m) => cell.status(m.calculation_status) },
  ];
}
