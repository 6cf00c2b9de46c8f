import type { DB } from '#lib/server/db/index.ts';
import type { SeriesRow } from '#lib/server/db/tables/series.ts';
import type { Series } from '#lib/schemas/series.ts';
import { seriesTagSchema } from '#lib/schemas/series.ts';
import { badRequest, conflict, notFound } from '#lib/server/core/errors.ts';
import { messages } from '#lib/server/core/messages.ts';
import { NEW_SERIES_MODEL } from '#lib/server/services/ratings/params.ts';
import {
  findCurrentSeries,
  findDefaultSeries,
  findSeriesByTag,
  insertSeries,
  listSeries,
} from '#lib/server/repositories/series.ts';

export function toSeries(row: SeriesRow): Series {
  return { tag: row.tag, name: row.name, current: row.is_current };
}

/** All series for the API and the shell. */
export async function getSeriesList(db: DB): Promise<Series[]> {
  return (await listSeries(db)).map(toSeries);
}

/** The series row for `tag`; 404 HttpError when unknown. */
export async function requireSeries(db: DB, tag: string): Promise<SeriesRow> {
  const row = await findSeriesByTag(db, tag);
  if (!row) throw notFound(messages.seriesNotFound(tag));
  return row;
}

/** The current series, else the newest one, else undefined (an empty database). */
export function getDefaultSeries(db: DB): Promise<SeriesRow | undefined> {
  return findDefaultSeries(db);
}

/**
 * Creates a series rated with the sector model and the defaults fitted on the demo (refitted automatically as it
 * grows); 400 for a bad tag or name, 409 when the tag exists.
 */
export async function createSeries(db: DB, input: { tag: string; name: string; current?: boolean }): Promise<Series> {
  const tag = seriesTagSchema.safeParse(input.tag);
  if (!tag.success) throw badRequest(messages.invalidField('tag', tag.error.issues[0]?.message ?? 'invalid'));
  const name = input.name.trim();
  if (!name) throw badRequest(messages.invalidField('name', 'must not be empty'));
  if (await findSeriesByTag(db, tag.data)) throw conflict(`Series '${tag.data}' already exists`);
  const hasCurrent = Boolean(await findCurrentSeries(db));
  return toSeries(
    await insertSeries(db, { tag: tag.data, name, current: input.current ?? !hasCurrent, model: NEW_SERIES_MODEL }),
  );
}
