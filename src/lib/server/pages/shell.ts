import type { DB } from '#lib/server/db/index.ts';
import type { Actor } from '#lib/server/auth/actor.ts';
import type { SeriesRow } from '#lib/server/db/tables/series.ts';
import type { Shell, ShellTournament, ShellUser } from '#lib/schemas/shell.ts';
import { getConfig } from '#lib/server/config.ts';
import { listTeamTags } from '#lib/server/repositories/teams.ts';
import { toSeries } from '#lib/server/services/series.ts';

async function shellUser(db: DB, actor: Actor): Promise<ShellUser | null> {
  if (actor.kind !== 'user') return null;
  const teams = actor.managedTeamIds.length ? await listTeamTags(db, actor.managedTeamIds) : [];
  return { name: actor.name, roles: actor.roles, teams };
}

/**
 * The shell of a page (spec section 2: the user, the active tournaments, the series list and the series in use),
 * given the series rows and active tournaments the middleware already read (listSeriesAndActiveTournaments) and the
 * series it chose.
 */
export async function loadShell(
  db: DB,
  actor: Actor,
  series: { all: SeriesRow[]; selected: SeriesRow | undefined },
  tournaments: ShellTournament[],
  csrfToken: string,
): Promise<Shell> {
  const user = await shellUser(db, actor);
  return {
    user,
    series: series.all.map(toSeries),
    selected: series.selected ? toSeries(series.selected) : null,
    activeTournaments: tournaments,
    links: getConfig().links,
    csrfToken,
    iconResizeUrl: getConfig().iconResizeUrl,
    publicUrl: getConfig().publicUrl,
  };
}
