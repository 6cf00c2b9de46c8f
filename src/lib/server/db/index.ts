import type { Kysely } from 'kysely';
import { getConfig } from '#lib/server/config.ts';
import type { Database } from './database.ts';
import { connectDatabase, type DatabaseHandle } from './connect.ts';
import { shareDataChanges } from './changes.ts';

export type { Database } from './database.ts';
export type DB = Kysely<Database>;

// Kept on globalThis so that the dev server's module reloads reuse one embedded database (PGlite allows one owner).
const holder = globalThis as typeof globalThis & { __hssDatabase?: Promise<DatabaseHandle> | undefined };

/** The process-wide database, connected and migrated on first use from the configuration. */
export function getDatabaseHandle(): Promise<DatabaseHandle> {
  holder.__hssDatabase ??= (async () => {
    const config = getConfig();
    const handle = await connectDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
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

/** Closes the process-wide database (tests and the CLI call this before exiting). */
export async function closeDb(): Promise<void> {
  const pending = holder.__hssDatabase;
  holder.__hssDatabase = undefined;
  if (pending) await (await pending).close();
}
