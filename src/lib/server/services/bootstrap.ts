import type { DB } from '#lib/server/db/index.ts';
import type { Progress } from '#lib/server/progress.ts';
import { processQueuedMatches } from './ratings/process.ts';

/** True when the database holds no series at all (a fresh install). */
export async function isEmptyDatabase(db: DB): Promise<boolean> {
  const row = await db.selectFrom('series').select('id').limit(1).executeTakeFirst();
  return row === undefined;
}

/**
 * Fills an empty database so that a fresh install shows a working site: the generated demo community with its
 * default size (services/demo/seed.ts: series, teams, players, tournaments, rated matches from real logs).
 * Returns a one-line description of what was created, or undefined when the database was not empty. `progress` is
 * told how far the seed has come.
 */
export async function seedIfEmpty(db: DB, progress?: Progress): Promise<string | undefined> {
  if (!(await isEmptyDatabase(db))) return undefined;
  // Loaded only for a first start: a seeded site's start skips the seed's modules (time and memory).
  const { describeDemo, seedDemo } = await import('./demo/seed.ts');
  return describeDemo(await seedDemo(db, progress ? { progress } : {}));
}

/**
 * Rates matches left 'queued' by a previous run (the rating worker runs in memory, so a stop between an approval
 * and its rating pass leaves them queued). Returns how many series were brought up to date.
 */
export async function rateLeftoverQueue(db: DB): Promise<number> {
  return (await processQueuedMatches(db)).length;
}
