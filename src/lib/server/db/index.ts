import type { Kysely } from 'kysely';
import { getConfig } from '#lib/server/config.ts';
import type { Database } from './database.ts';
import { connectDatabase, type DatabaseHandle } from './connect.ts';
import { shareDataChanges } from './changes.ts';
import { ratingQueueIdle, resumeRatingWork } from '#lib/server/services/rating-queue.ts';
import type { Progress } from '#lib/server/progress.ts';

export type { Database } from './database.ts';
export type DB = Kysely<Database>;

/**
 * PostgreSQL connections beside the pool's ten that only writes (db/priority.ts) are handed: a report's look-ups and
 * its transaction (REPORTS_AT_ONCE of them at once), an approval and the caller look-up of a state change.
 */
const URGENT_CONNECTIONS = 6;

// Kept on globalThis so that the dev server's module reloads reuse one embedded database (PGlite allows one owner).
const holder = globalThis as typeof globalThis & { __hssDatabase?: Promise<DatabaseHandle> | undefined };

/**
 * The process-wide database, connected and migrated on first use from the configuration (pending migrations reported
 * on `progress`). Rating work the previous process left undone (queued matches, a refresh cut off after a rating
 * pass) is resumed right away.
 */
export function getDatabaseHandle(progress?: Progress): Promise<DatabaseHandle> {
  holder.__hssDatabase ??= (async () => {
    const config = getConfig();
    const handle = await connectDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      statementTimeoutMs: config.databaseTimeouts.statementMs,
      acquireTimeoutMs: config.databaseTimeouts.acquireMs,
      urgentReserve: URGENT_CONNECTIONS,
      progress,
    });
    resumeRatingWork(handle.db);
    if (!config.databaseUrl) return handle;
    // Other instances may serve the same PostgreSQL database: their changes must drop this one's caches.
    const stopSharing = await shareDataChanges(handle.db, config.databaseUrl);
    return {
      ...handle,
      async close() {
        await stopSharing();
        await handle.close();
      },
    };
  })();
  return holder.__hssDatabase;
}

export async function getDb(): Promise<DB> {
  return (await getDatabaseHandle()).db;
}

/** How long closing waits for a rating pass in progress. */
const RATING_DRAIN_MS = 10_000;

/**
 * Closes the process-wide database (graceful stop, tests and the CLI call this before exiting), after the rating
 * pass in progress, if any, has finished (up to RATING_DRAIN_MS: a pass cut by the close is rolled back and done
 * again at the next start).
 */
export async function closeDb(): Promise<void> {
  const pending = holder.__hssDatabase;
  holder.__hssDatabase = undefined;
  if (!pending) return;
  const handle = await pending;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, RATING_DRAIN_MS)));
  await Promise.race([ratingQueueIdle(handle.db), late]);
  clearTimeout(timer);
  await handle.close();
}
