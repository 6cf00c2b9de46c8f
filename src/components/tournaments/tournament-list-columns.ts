import type { Column } from '#lib/kit/table.ts';
import { cell } from '#lib/kit/cells.ts';
import type { TournamentSummary } from '#lib/schemas/tournament.ts';
import { tournamentStatusLabel } from '#lib/format/status.ts';
import { formatDate } from '#lib/format/index.ts';
import { href, paths } from '#lib/links.ts';
import InviteLink from './InviteLink.astro';

/** Its own dates where it has them, else those of its first and last match; '–' before any. */
function datesText(t: TournamentSummary): string {
  const from = t.starts_at ?? t.first_match;
  const to = t.ends_at ?? t.last_match;
  if (!from && !to) return '–';
  if (!from || !to || formatDate(from) === formatDate(to)) return formatDate((from ?? to)!);
  return `${formatDate(from)} – ${formatDate(to)}`;
}

/**
 * The tournament list's columns: the tournament (icon, name), its series, event or not, its dates, status
 * (upcoming, running, finished), the number of teams, the winner once it is over, and the invite. The badge links
 * to the tournament; `url` is the page's address, for carried links. Narrow: tournament, status and winner, with
 * the dates and teams under them.
 */
export function tournamentListColumns(url: URL): Column<TournamentSummary>[] {
  return [
    {
      id: 'tournament',
      header: 'Tournament',
      priority: 'key',
      cell: (t) => cell.team({ tag: t.tag, name: t.name, icon: t.icon }, href(paths.tournament(t.tag), url)),
    },
    { id: 'series', header: 'Series', label: 'Series', cell: (t) => t.series },
    {
      id: 'event',
      header: 'Event',
      cell: (t) => (t.event ? 'Event' : cell.text('Not an event', { muted: true })),
    },
    { id: 'dates', header: 'Dates', priority: 'sub', cell: (t) => datesText(t) },
    {
      id: 'status',
      header: 'Status',
      priority: 'key',
      cell: (t) =>
        t.status === 'running'
          ? tournamentStatusLabel('running')
          : cell.text(tournamentStatusLabel(t.status), { muted: true }),
    },
    { id: 'teams', header: 'Teams', align: 'end', priority: 'sub', label: 'Teams', cell: (t) => t.teams },
    {
      id: 'winner',
      header: 'Winner',
      priority: 'key',
      cell: (t) =>
        t.winner
          ? cell.team(t.winner, t.winner.registered ? href(paths.team(t.winner.tag), url) : null, { showName: false })
          : cell.text('–', { muted: true }),
    },
    {
      id: 'invite',
      header: 'Invite',
      cell: (t) => (t.invite ? cell.component(InviteLink, { invite: t.invite, name: t.name }) : null),
    },
  ];
}
