import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import type { Database } from './database.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import { lockDataFolder } from './folder-lock.ts';
import { migrateToLatest } from './migrate.ts';

export type Engine = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: Engine;
  /** Where the data lives: the PGlite folder, 'memory', or the PostgreSQL URL without its password. */
  location: string;
  close(): Promise<void>;
}

export interface ConnectOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite engine is used. */
  databaseUrl?: string | undefined;
  /** PGlite data folder; 'memory://' for a throwaway in-memory database. */
  dataDir?: string | undefined;
  /** Apply pending migrations after connecting (default true). */
  migrate?: boolean;
  /** Maximum PostgreSQL pool size (default 10). */
  poolSize?: number;
  /**
   * PostgreSQL only: a statement running longer is cancelled (a lock held elsewhere must not hold requests
   * forever); 0 or absent: no limit. Migrations run on their own connection without it.
   */
  statementTimeoutMs?: number | undefined;
  /** PostgreSQL only: waiting longer for a pooled connection (or a new one) fails; 0 or absent: no limit. */
  acquireTimeoutMs?: number | undefined;
}

interface PoolOptions {
  poolSize: number;
  statementTimeoutMs?: number | undefined;
  acquireTimeoutMs?: number | undefined;
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;

function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres';
  }
}

async function connectPostgres(url: string, options: PoolOptions): Promise<DatabaseHandle> {
  const pg = await import('pg');
  const { Pool, types } = pg.default;
  // PGlite answers count(*) and sum() as numbers; make pg agree so that both engines return the same shapes.
  const parsers = {
    getTypeParser: (oid: number, format?: 'text' | 'binary') => {
      if (oid === INT8_OID || oid === NUMERIC_OID) return (value: string) => Number(value);
      return types.getTypeParser(oid, format);
    },
  };
  const pool = new Pool({
    connectionString: url,
    max: options.poolSize,
    types: parsers as never,
    // pg leaves both unset when 0 or undefined, which means no limit.
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    ...(options.acquireTimeoutMs ? { connectionTimeoutMillis: options.acquireTimeoutMs } : {}),
  });
  // An idle client loses its connection when the server restarts; without a listener pg's error event would
  // crash the process. The pool replaces the client on the next query.
  pool.on('error', (error) => console.error(`PostgreSQL connection error: ${error.message}`));
  // The pool listens only to idle clients: a client checked out between two statements of a transaction that loses
  // its connection would emit an unheard 'error' and crash the process. Its pending statement fails on its own.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, engine: 'postgres', location: redact(url), close: () => db.destroy() };
}

async function connectPGlite(dataDir: string): Promise<DatabaseHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const inMemory = dataDir.startsWith('memory://');
  const folder = inMemory ? dataDir : path.resolve(dataDir);
  const release = inMemory ? () => {} : lockDataFolder(folder);
  try {
    const pglite = await PGlite.create(inMemory ? undefined : path.join(folder, 'pgdata'), {
      parsers: { [INT8_OID]: (value: string) => Number(value), [NUMERIC_OID]: (value: string) => Number(value) },
    });
    const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
    return {
      db,
      engine: 'pglite',
      location: folder,
      async close() {
        await db.destroy();
        await pglite.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** Opens the configured engine and, unless told otherwise, brings the schema up to date. */
export async function connectDatabase(options: ConnectOptions): Promise<DatabaseHandle> {
  const { databaseUrl } = options;
  if (databaseUrl && options.migrate !== false && options.statementTimeoutMs) {
    // A migration may rightly run longer than any request should (an index on a big table).
    await migrateOnce(() => connectPostgres(databaseUrl, { poolSize: 1 }));
    return connectPostgres(databaseUrl, {
      poolSize: options.poolSize ?? 10,
      statementTimeoutMs: options.statementTimeoutMs,
      acquireTimeoutMs: options.acquireTimeoutMs,
    });
  }
  const handle = databaseUrl
    ? await connectPostgres(databaseUrl, {
        poolSize: options.poolSize ?? 10,
        acquireTimeoutMs: options.acquireTimeoutMs,
      })
    : await connectPGlite(options.dataDir ?? './data');
  if (options.migrate !== false) {
    try {
      await migrateToLatest(handle.db);
    } catch (error) {
      await handle.close();
      throw error;
    }
  }
  return handle;
}

async function migrateOnce(open: () => Promise<DatabaseHandle>): Promise<void> {
  const handle = await open();
  try {
    await migrateToLatest(handle.db);
  } finally {
    await handle.close();
  }
}
