import { sql } from 'kysely';
import type { DB } from '#lib/server/db/index.ts';
import type { SeriesRow, SeriesUpdate } from '#lib/server/db/tables/series.ts';
import type { ShellTournament } from '#lib/schemas/shell.ts';
import { listTournaments } from './tournaments.ts';

/** Every series, newest first. */
export function listSeries(db: DB): Promise<SeriesRow[]> {
  return db.selectFrom('series').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

/**
 * Every series (as listSeries) and the active tournaments (tag, name and icon, newest first, as listTournaments(db,
 * true)) in one round trip: every page's shell shows both, and each query costs the server a socket write and read
 * besides its work. The tournaments ride on each series row (computed once by PostgreSQL: the subquery does not
 * depend on the row); with no series at all they are read on their own.
 */
export async function listSeriesAndActiveTournaments(
  db: DB,
): Promise<{ series: SeriesRow[]; tournaments: ShellTournament[] }> {
  const rows = await db
    .selectFrom('series')
    .selectAll()
    .select(
      sql<ShellTournament[]>`(select coalesce(json_agg(json_build_object('tag', t.tag, 'name', t.name, 'icon', t.icon)
        order by t.created_at desc, t.id desc), '[]'::json) from tournaments t where t.active)`.as(
        'active_tournaments',
      ),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const first = rows[0];
  if (!first) {
    const tournaments = await listTournaments(db, true);
    return { series: [], tournaments: tournaments.map((t) => ({ tag: t.tag, name: t.name, icon: t.icon })) };
  }
  return { series: rows.map(({ active_tournaments: _, ...row }) => row), tournaments: first.active_tournaments };
}

/** The series with this tag (case-insensitive), or undefined. */
export function findSeriesByTag(db: DB, tag: string): Promise<SeriesRow | undefined> {
  return db
    .selectFrom('series')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['tag']), '=', tag.toLowerCase()))
    .executeTakeFirst();
}

/**
 * The series pages and reports fall back on, as a query (also a subquery: matches-write.ts findReportContext): the
 * current one, else the newest (at most one is current: the series_one_current index).
 */
export function defaultSeriesQuery(db: DB) {
  return db
    .selectFrom('series')
    .selectAll()
    .orderBy('is_current', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1);
}

/** The current series, else the newest one, else undefined (an empty database). */
export function findDefaultSeries(db: DB): Promise<SeriesRow | undefined> {
  return defaultSeriesQuery(db).executeTakeFirst();
}

/** The series flagged current, or undefined. */
export function findCurrentSeries(db: DB): Promise<SeriesRow | undefined> {
  return db.selectFrom('series').selectAll().where('is_current', '=', true).executeTakeFirst();
}

/**
 * Inserts a series (with the rating `model` columns, else the table defaults); with `current`, it replaces the
 * previous current series in the same transaction.
 */
export async function insertSeries(
  db: DB,
  values: { tag: string; name: string; current: boolean; model?: SeriesUpdate },
): Promise<SeriesRow> {
  return db.transaction().execute(async (trx) => {
    if (values.current)
      await trx.updateTable('series').set({ is_current: false }).where('is_current', '=', true).execute();
    return trx
      .insertInto('series')
      .values({ ...values.model, tag: values.tag, name: values.name, is_current: values.current })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

/** Makes `seriesId` the one current series. */
export async function setCurrentSeries(db: DB, seriesId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('series').set({ is_current: false }).where('is_current', '=', true).execute();
    await trx.updateTable('series').set({ is_current: true }).where('id', '=', seriesId).execute();
  });
}
