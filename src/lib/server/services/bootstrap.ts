import type { DB } from '../db/index.ts';
import { createSeries } from './series.ts';

/** True when the database holds no series at all (a fresh install). */
export async function isEmptyDatabase(db: DB): Promise<boolean> {
  const row = await db.selectFrom('series').select('id').limit(1).executeTakeFirst();
  return row === undefined;
}

/**
 * Fills an empty database so that a fresh install shows a working site: one current series.
 * Returns a one-line description of what was created, or undefined when the database was not empty.
 */
export async function seedIfEmpty(db: DB): Promise<string | undefined> {
  if (!(await isEmptyDatabase(db))) return undefined;
  const series = await createSeries(db, { tag: 'S1', name: 'Season 1', current: true });
  return `Created series ${series.tag} (${series.name}).`;
}
