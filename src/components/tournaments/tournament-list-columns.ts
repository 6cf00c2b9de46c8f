import type { Column } from '#lib/kit/table.ts';
import { cell } from '#lib/kit/cells.ts';
import type { Tournament } from '#lib/schemas/tournament.ts';
import { href, paths } from '#lib/links.ts';
import InviteLink from './InviteLink.astro';

/**
 * The tournament list's columns (issue 13: icon, name, event flag, active, invite), plus the series it belongs
 * to. The badge links to the tournament; `url` is the page's address, for carried links.
 */
export function tournamentListColumns(url: URL): Column<Tournament>[] {
  return [
    {
      id: 'tournament',
      header: 'Tournament',
      priority: 'key',
      cell: (t) => cell.team({ tag: t.tag, name: t.name, icon: t.icon }, href(paths.tournament(t.tag), url)),
    },
    { id: 'series', header: 'Series', priority: 'sub', label: 'Series', cell: (t) => t.series },
    {
      id: 'event',
      header: 'Event',
      priority: 'sub',
      cell: (t) => (t.event ? 'Event' : cell.text('Not an event', { muted: true })),
    },
    {
      id: 'active',
      header: 'Status',
      priority: 'key',
      cell: (t) => (t.active ? 'Active' : cell.text('Inactive', { muted: true })),
    },
    {
      id: 'invite',
      header: 'Invite',
      cell: (t) => (t.invite ? cell.component(InviteLink, { invite: t.invite, name: t.name }) : null),
    },
  ];
}
