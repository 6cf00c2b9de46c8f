import type { DB } from '#lib/server/db/index.ts';
import type { Actor } from '#lib/server/auth/actor.ts';
import type { SeriesRow } from '#lib/server/db/tables/series.ts';
import type { Shell, ShellTournament, ShellUser } from '#lib/schemas/shell.ts';
import { getConfig } from '#lib/server/config.ts';
import { listTeamTagsWithSeries } from '#lib/server/repositories/read/addresses.ts';
import { toSeries } from '#lib/server/services/series.ts';
import { onDataChange } from '#lib/server/db/changes.ts';
import { tableWrites } from '#lib/server/db/table-writes.ts';
import { listSeriesAndActiveTournaments } from '#lib/server/repositories/series.ts';

export type ShellSeries = Awaited<ReturnType<typeof listSeriesAndActiveTournaments>>;

interface Kept {
  /** The data generation and the count of this process's writes to the series and tournaments it was read at. */
  generation: number;
  writes: number;
  value: Promise<ShellSeries>;
}

// Keyed by database handle, so that test servers of different engines in one process never share rows.
const states = new WeakMap<DB, { generation: number; kept?: Kept }>();

/**
 * Every series and the active tournaments (listSeriesAndActiveTournaments), which every page's shell shows: read once
 * and kept in memory until the data changes, whatever READ_CACHE_SECONDS says. It is dropped by every change the
 * change feed reports (db/changes.ts: this instance's or, on PostgreSQL, another's, and the CLI's) and by every
 * completed write of this process to either table (db/table-writes.ts: data arranged behind the feed's back); a read
 * under way when either happens is not kept. Concurrent requests share one read. The rows are shared between
 * requests: callers must not change them.
 */
export function shellSeries(db: DB): Promise<ShellSeries> {
  let state = states.get(db);
  if (!state) {
    const created: { generation: number; kept?: Kept } = { generation: 0 };
    states.set(db, (state = created));
    onDataChange(db, () => {
      created.generation += 1;
      delete created.kept;
    });
  }
  const writes = tableWrites('shell');
  const { kept, generation } = state;
  if (kept && kept.generation === generation && kept.writes === writes) return kept.value;
  const entry: Kept = { generation, writes, value: listSeriesAndActiveTournaments(db) };
  state.kept = entry;
  const owner = state;
  // A failed read is never kept: the next request tries again.
  entry.value.catch(() => {
    if (owner.kept === entry) delete owner.kept;
  });
  return entry.value;
}

async function shellUser(db: DB, actor: Actor): Promise<ShellUser | null> {
  if (actor.kind !== 'user') return null;
  const teams = await listTeamTagsWithSeries(db, actor.managedTeamIds);
  return {
    name: actor.name,
    roles: actor.roles,
    teams: teams.map((t) => t.tag),
    teamSeries: Object.fromEntries(teams.map((t) => [t.tag, t.series])),
  };
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
