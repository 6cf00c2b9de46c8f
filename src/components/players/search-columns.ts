/**
 * The columns of the players page (/statistics/players: search results, or the most active players before any
 * search): name, team played for most and when last seen (two players of one name told apart), other names, and
 * competitive and event matches.
 */
import { cell } from '#lib/kit/cells.ts';
import type { Column } from '#lib/kit/table.ts';
import type { PlayerListRow } from '#lib/schemas/player.ts';

/** `link(steamId)` is the address of the player's page on the current page (query string carried). */
export function searchColumns(link: (steamId: string) => string): Column<PlayerListRow>[] {
  return [
    { id: 'name', header: 'Player', priority: 'key', cell: (p) => cell.link(p.name, link(p.steamId)) },
    {
      id: 'aliases',
      header: 'Also known as',
      priority: 'sub',
      cell: (p) => {
        const others = p.aliases.filter((a) => a !== p.name);
        return others.length ? cell.text(others.join(', ')) : cell.text('–', { muted: true });
      },
    },
    { id: 'team', header: 'Team', priority: 'key', cell: (p) => p.team ?? cell.text('–', { muted: true }) },
    {
      id: 'seen',
      header: 'Last seen',
      priority: 'sub',
      label: 'Seen',
      cell: (p) => (p.lastSeen ? cell.date(p.lastSeen) : null),
    },
    {
      id: 'comp',
      header: 'Competitive',
      align: 'end',
      priority: 'key',
      label: 'Comp.',
      cell: (p) => p.compMatchesCount,
    },
    { id: 'event', header: 'Event', align: 'end', priority: 'key', label: 'Event', cell: (p) => p.eventMatchesCount },
  ];
}
