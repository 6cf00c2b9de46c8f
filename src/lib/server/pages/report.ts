import { isAdmin } from '#lib/server/auth/actor.ts';
import { getDb } from '#lib/server/app.ts';
import { listTeams } from '#lib/server/services/read/series-teams.ts';
import { listTournamentsView } from '#lib/server/services/read/tournaments.ts';
import { mapIds } from '#lib/domain/catalogue/maps.ts';
import { mapDisplayName } from '#lib/format/index.ts';

export interface Choice {
  value: string;
  label: string;
}

export type ReportPage =
  | { kind: 'sign-in' }
  /** Signed in, but neither an admin nor a manager of any team: told so before filling anything in. */
  | { kind: 'not-a-manager' }
  | { kind: 'form'; teams: Choice[]; tournaments: Choice[]; maps: Choice[]; ownTeam: string | undefined };

/**
 * The report page (spec section 2): the current series' teams and the tournaments that have an event, for a
 * signed-in manager of a team or an admin. The server checks the report itself (a manager of one of its two
 * teams, or an admin); this only decides what the page offers.
 */
export async function loadReportPage(locals: App.Locals): Promise<ReportPage> {
  const actor = locals.actor;
  if (actor.kind === 'anonymous') return { kind: 'sign-in' };
  const managed = locals.shell.user?.teams ?? [];
  if (!isAdmin(actor) && managed.length === 0) return { kind: 'not-a-manager' };
  const db = await getDb();
  const series = locals.series;
  const [teams, tournaments] = await Promise.all([
    series ? listTeams(db, series, { inactiveOnly: false, limit: 100, offset: 0 }) : { teams: [] },
    listTournamentsView(db, false),
  ]);
  return {
    kind: 'form',
    teams: teams.teams
      .map((t) => ({ value: t.tag, label: `${t.tag} ${t.name}` }))
      .sort((a, b) => a.value.localeCompare(b.value)),
    tournaments: tournaments.filter((t) => t.event).map((t) => ({ value: t.tag, label: `${t.tag} ${t.name}` })),
    maps: mapIds()
      .map((id) => ({ value: id, label: mapDisplayName(id) }))
      .sort((a, b) => a.label.localeCompare(b.label)),
    ownTeam: managed[0],
  };
}
