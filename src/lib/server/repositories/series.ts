import type { DB } from '#lib/server/db/index.ts';
import type { SeriesRow, SeriesUpdate } from '#lib/server/db/tables/series.ts';

/** Every series, newest first. */
export function listSeries(db: DB): Promise<SeriesRow[]> {
  return db.selectFrom('series').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

/** The series with this tag (case-insensitive), or undefined. */
export function findSeriesByTag(db: DB, tag: string): Promise<SeriesRow | undefined> {
  return db
    .selectFrom('series')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['tag']), '=', tag.toLowerCase()))
    .executeTakeFirst();
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
