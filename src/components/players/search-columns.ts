/** The columns of the player search results (/statistics/players). */
import { cell } from '#lib/kit/cells.ts';
import type { Column } from '#lib/kit/table.ts';
import type { PlayerSearchResult } from '#lib/schemas/player.ts';

/** `link(steamId)` is the address of the player's page on the current page (query string carried). */
export function searchColumns(link: (steamId: string) => string): Column<PlayerSearchResult>[] {
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
