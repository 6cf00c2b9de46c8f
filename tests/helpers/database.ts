import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { connectDatabase, type DatabaseHandle, type Engine } from '#lib/server/db/connect.ts';
import { schemaHash, templateDump } from './pglite-template.ts';

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
 * setup wrote one, pglite-template.ts), or a new PostgreSQL database `hss_test_<random>` copied from the migrated
 * template (postgresTemplate) that `close()` drops again.
 */
export async function createTestDatabase(engine: Engine): Promise<DatabaseHandle> {
  if (engine === 'pglite') return connectDatabase({ dataDir: 'memory://', pgliteDump: templateDump() });
  const { url, drop } = await createPostgresDatabase({ migrated: true });
  const handle = await connectDatabase({ databaseUrl: url, poolSize: 10 });
  return {
    ...handle,
    async close() {
      await handle.close();
      await drop();
    },
  };
}

/**
 * A new PostgreSQL database `hss_test_<random>`: empty, or with `migrated` a copy of the migrated template: its URL,
 * and `drop()` to remove it.
 */
export async function createPostgresDatabase(
  options: { migrated?: boolean } = {},
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `hss_test_${randomBytes(6).toString('hex')}`;
  const template = options.migrated ? ` template ${await postgresTemplate()}` : '';
  await withAdminClient((client) => client.query(`create database ${name}${template}`));
  return {
    url: databaseUrl(name),
    drop: () =>
      withAdminClient((client) => client.query(`drop database if exists ${name} with (force)`)).then(() => {}),
  };
}

function databaseUrl(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

const TEMPLATE_PREFIX = 'hss_test_tpl_';
const DAY_MS = 24 * 60 * 60 * 1000;
let template: Promise<string> | undefined;

/**
 * The name of the migrated PostgreSQL database test databases are copied from, `hss_test_tpl_<schema hash>`, made
 * once per schema (the global setup makes it before the workers start): migrating a new database cost about a
 * second per test database, copying one a fraction of that. Nobody may connect to it, as a connection would make
 * every copy fail.
 */
export function postgresTemplate(): Promise<string> {
  return (template ??= makePostgresTemplate());
}

async function makePostgresTemplate(): Promise<string> {
  const name = `${TEMPLATE_PREFIX}${schemaHash()}`;
  const found = await withAdminClient((client) => client.query('select 1 from pg_database where datname = $1', [name]));
  if (found.rowCount) return name;
  // Made under a name of its own and renamed when complete, so that a parallel run never copies half a template.
  // The comment dates it: templates of other schemas are dropped a day later (a run may still be copying one).
  const partial = `${name}_${process.pid}`;
  await withAdminClient(async (client) => {
    await client.query(`drop database if exists ${partial} with (force)`);
    await client.query(`create database ${partial}`);
    await client.query(`comment on database ${partial} is '${new Date().toISOString()}'`);
  });
  try {
    const handle = await connectDatabase({ databaseUrl: databaseUrl(partial), poolSize: 1 });
    await handle.close();
    await withAdminClient(async (client) => {
      await client.query(`alter database ${partial} with allow_connections false`);
      await client.query(`alter database ${partial} rename to ${name}`);
    });
  } catch (error) {
    await withAdminClient((client) => client.query(`drop database if exists ${partial} with (force)`));
    // duplicate_database: a parallel run finished the same template first.
    if ((error as { code?: string }).code !== '42P04') throw error;
  }
  await dropOldTemplates(name);
  return name;
}

async function dropOldTemplates(keep: string): Promise<void> {
  await withAdminClient(async (client) => {
    const { rows } = await client.query<{ datname: string; made: string | null }>(
      `select datname, shobj_description(oid, 'pg_database') as made from pg_database
       where starts_with(datname, $1) and datname <> $2`,
      [TEMPLATE_PREFIX, keep],
    );
    for (const { datname, made } of rows)
      if (made && Date.now() - Date.parse(made) > DAY_MS)
        await client.query(`drop database if exists ${datname} with (force)`);
  });
}
