import type { Column } from '#lib/kit/table.ts';
import { cell } from '#lib/kit/cells.ts';
import type { TeamMatchItem } from '#lib/schemas/team-view.ts';
import { href, paths } from '#lib/links.ts';
import { matchTypeLabel } from '#lib/format/index.ts';

/** The team's own side of `match` (index into team_details) when one of `ownTags` (lower case) played it. */
function ownIndex(match: TeamMatchItem, ownTags: readonly string[]): 0 | 1 {
  return ownTags.includes(match.team_details[0].tag.toLowerCase()) ? 0 : 1;
}

/**
 * The columns of a team's match list (public and private alike): date (linked to the match), the result from the
 * team's point of view ('Won 4-1', 'Lost 1-4', coloured), the opponent, map, type and status. Narrow, a row is
 * 'result – opponent' with its date and map under them.
 */
export function teamMatchColumns(url: URL, ownTags: readonly string[]): Column<TeamMatchItem>[] {
  return [
    {
      id: 'date',
      header: 'Date',
      priority: 'sub',
      cell: (m) => cell.date(m.date, href(paths.match(m.match_id), url)),
    },
    {
      id: 'result',
      header: 'Result',
      priority: 'key',
      cell: (m) => {
        const won = ownIndex(m, ownTags) === 0;
        const [a = '', b = ''] = m.result.split('-');
        return cell.outcome(won, won ? `Won ${a}-${b}` : `Lost ${b}-${a}`);
      },
    },
    {
      id: 'opponent',
      header: 'Opponent',
      priority: 'key',
      cell: (m) => {
        const opponent = m.team_details[ownIndex(m, ownTags) === 0 ? 1 : 0];
        return cell.team(opponent, opponent.registered ? href(paths.team(opponent.tag), url) : null);
      },
    },
    { id: 'map', header: 'Map', priority: 'sub', cell: (m) => m.map },
    { id: 'type', header: 'Type', cell: (m) => matchTypeLabel(m.type) },
    { id: 'status', header: 'Status', cell: (m) => cell.status(m.calculation_status) },
  ];
}
