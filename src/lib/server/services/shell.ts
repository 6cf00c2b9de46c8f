import type { DB } from '#lib/server/db/index.ts';
import type { Actor } from '#lib/server/auth/actor.ts';
import type { SeriesRow } from '#lib/server/db/tables/series.ts';
import type { Series } from '#lib/schemas/series.ts';
import { listSeries } from '#lib/server/repositories/series.ts';
import { listTournaments } from '#lib/server/repositories/tournaments.ts';
import { toSeries } from './series.ts';

export interface ShellUser {
  name: string;
  roles: string[];
  teams: string[];
}

export interface ShellData {
  user: ShellUser | null;
  series: Series[];
  /** The series in use: from the `series` parameter when it names one, else the current series. */
  selected: SeriesRow | undefined;
  activeTournaments: { tag: string; name: string; icon: string | null }[];
}

/** What the root layout needs on every page: the user, the series list and choice, the active tournaments. */
export async function loadShell(db: DB, actor: Actor, url: URL): Promise<ShellData> {
  const [rows, tournaments] = await Promise.all([listSeries(db), listTournaments(db, true)]);
  const wanted = url.searchParams.get('series')?.toLowerCase();
  const selected = rows.find((s) => s.tag.toLowerCase() === wanted) ?? rows.find((s) => s.is_current) ?? rows[0];
  let user: ShellUser | null = null;
  if (actor.kind === 'user') {
    const teams = actor.managedTeamIds.length
      ? await db.selectFrom('teams').select('tag').where('id', 'in', actor.managedTeamIds).orderBy('tag').execute()
      : [];
    user = { name: actor.name, roles: actor.roles, teams: teams.map((t) => t.tag) };
  }
  return {
    user,
    series: rows.map(toSeries),
    selected,
    activeTournaments: tournaments.map((t) => ({ tag: t.tag, name: t.name, icon: t.icon })),
  };
}
