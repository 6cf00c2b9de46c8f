import type { Column } from '#lib/kit/table.ts';
import { cell } from '#lib/kit/cells.ts';
import type { TeamPlayer } from '#lib/schemas/team.ts';
import { href, paths } from '#lib/links.ts';

/** The columns of a team's player list: the first alias as the name, linked to the player, then the other aliases. */
export function teamPlayerColumns(url: URL): Column<TeamPlayer>[] {
  return [
    {
      id: 'name',
      header: 'Player',
      cell: (p) => cell.link(p.aliases[0] ?? p.steam_id, href(paths.player(p.steam_id), url)),
    },
    {
      id: 'aliases',
      header: 'Also known as',
      cell: (p) => (p.aliases.length > 1 ? cell.text(p.aliases.slice(1, 4).join(', '), { muted: true }) : null),
    },
  ];
}
