import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { connectDatabase, type DatabaseHandle, type Engine } from '#lib/server/db/connect.ts';
import { templateDump } from './pglite-template.ts';

/** The engines integration tests run on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const engines: Engine[] = process.env['TEST_DATABASE_URL'] ? ['pglite', 'postgres'] : ['pglite'];

function adminUrl(): string {
  const url = process.env['TEST_DATABASE_URL'];
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  return url;
}

async function withAdminClient<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, migrated database on `engine`: an in-memory PGlite (started from the run's migrated dump when the global
 * setup wrote one, pglite-template.ts), or a new PostgreSQL database `hss_test_<random>` that `close()` drops again.
 */
export async function createTestDatabase(engine: Engine): Promise<DatabaseHandle> {
  if (engine === 'pglite') return connectDatabase({ dataDir: 'memory://', pgliteDump: templateDump() });
  const { url, drop } = await createPostgresDatabase();
  const handle = await connectDatabase({ databaseUrl: url, poolSize: 10 });
  return {
    ...handle,
    async close() {
      await handle.close();
      await drop();
    },
  };
}

/** A new, empty PostgreSQL database `hss_test_<random>` (not migrated): its URL, and `drop()` to remove it. */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `hss_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient((client) => client.query(`create database ${name}`));
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      withAdminClient((client) => client.query(`drop database if exists ${name} with (force)`)).then(() => {}),
  };
}
