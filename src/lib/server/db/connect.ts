import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, type PostgresPool } from 'kysely';
import type { Database } from './database.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import { lockDataFolder } from './folder-lock.ts';
import { migrateToLatest } from './migrate.ts';
import type { Progress } from '#lib/server/progress.ts';
import { isUrgent } from './priority.ts';
import { copyData } from './copy.ts';
import { TableWriteWatch } from './table-writes.ts';
import { pipelinedSender, sendTransactionsWith } from './one-trip.ts';

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
  /**
   * In-memory PGlite only: start from this dump of a data folder (PGlite's `dumpDataDir`) instead of creating an
   * empty cluster, PGlite's slowest step (tests start each database from one migrated dump).
   */
  pgliteDump?: Blob | undefined;
  /** Apply pending migrations after connecting (default true). */
  migrate?: boolean;
  /** Where pending migrations are reported (the CLI and `npm start` draw them). */
  progress?: Progress | undefined;
  /** Maximum PostgreSQL pool size for work of any kind (default 10). */
  poolSize?: number;
  /**
   * PostgreSQL only: connections beyond `poolSize` that only urgent work (db/priority.ts) is handed, so that a write
   * never waits for a read to give its connection back (default 0).
   */
  urgentReserve?: number;
  /**
   * PostgreSQL only: a statement running longer is cancelled (a lock held elsewhere must not hold requests
   * forever); 0 or absent: no limit. Migrations run on their own connection without it.
   */
  statementTimeoutMs?: number | undefined;
  /**
   * PostgreSQL only: a request waiting for a pooled connection fails once the pool has handed out or taken back no
   * connection for this long (it is stuck, e.g. every connection waits on a lock); 0 or absent: no limit.
   */
  acquireTimeoutMs?: number | undefined;
}

interface PoolOptions {
  poolSize: number;
  urgentReserve?: number | undefined;
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
  const { from: copyFrom } = await import('pg-copy-streams');
  const { Pool, Client, types } = pg.default;
  const connectMs = options.acquireTimeoutMs;
  // Opening a connection to a server that does not answer gives up after the acquire timeout. Set on the clients, not
  // the pool: pg's pool would also fail every request queued that long on a busy pool (see stallAware).
  class TimedClient extends Client {
    constructor(config: ConstructorParameters<typeof Client>[0]) {
      super(typeof config === 'object' && connectMs ? { ...config, connectionTimeoutMillis: connectMs } : config);
    }
  }
  // PGlite answers count(*) and sum() as numbers; make pg agree so that both engines return the same shapes.
  const parsers = {
    getTypeParser: (oid: number, format?: 'text' | 'binary') => {
      if (oid === INT8_OID || oid === NUMERIC_OID) return (value: string) => Number(value);
      return types.getTypeParser(oid, format);
    },
  };
  const pool = new Pool({
    connectionString: url,
    max: options.poolSize + (options.urgentReserve ?? 0),
    types: parsers as never,
    // pg leaves it unset when 0 or undefined, which means no limit.
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    Client: TimedClient as never,
  });
  // An idle client loses its connection when the server restarts; without a listener pg's error event would
  // crash the process. The pool replaces the client on the next query.
  pool.on('error', (error) => console.error(`PostgreSQL connection error: ${error.message}`));
  // The pool listens only to idle clients: a client checked out between two statements of a transaction that loses
  // its connection would emit an unheard 'error' and crash the process. Its pending statement fails on its own.
  pool.on('connect', (client) => {
    client.on('error', () => {});
    // copy.ts's copyIn: a binary COPY FROM STDIN whose one parameter is the data streams it (pg has no COPY of its own).
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((text: unknown, values: unknown, ...rest: unknown[]) => {
      const data = typeof text === 'string' && Array.isArray(values) ? copyData(text, values) : undefined;
      if (!data) return query(text, values, ...rest);
      const stream = client.query(copyFrom(text as string));
      return new Promise((resolve, reject) => {
        stream.on('error', reject);
        stream.on('finish', () => resolve({ command: 'COPY', rowCount: stream.rowCount, rows: [] }));
        stream.end(data);
      });
    }) as typeof client.query;
  });
  const dialectPool =
    options.acquireTimeoutMs || options.urgentReserve
      ? stallAware(pool, options.acquireTimeoutMs ?? 0, options.urgentReserve ?? 0)
      : pool;
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: dialectPool }),
    plugins: [new TableWriteWatch()],
  });
  sendTransactionsWith(db, pipelinedSender(dialectPool));
  return { db, engine: 'postgres', location: redact(url), close: () => db.destroy() };
}

type Pool = import('pg').Pool;
type PoolClient = import('pg').PoolClient;

/**
 * The pool as Kysely uses it, where waiting for a connection fails only when the pool is stuck: every connection
 * handed out and none handed out or taken back for `acquireMs` (each held by a statement waiting on a lock, say).
 * A burst of requests on a busy pool queues instead: connections keep coming free, each waiter gets one in turn
 * (a plain per-waiter timeout failed whole bursts with 503 while the pool was working as fast as it could). A pool
 * with connections to spare is not stuck either: a waiter then waits for a new connection, which gives up on a
 * server that does not answer after the same time (TimedClient). The failure is pg's own timeout error, which
 * db/outage.ts answers as 503 with Retry-After; `acquireMs` 0: no limit. Waiters queue here, not in pg's pool, so
 * that urgent work (db/priority.ts) is served first, and the last `reserve` connections of the pool go to urgent work
 * only: under a crowd every connection is held by a read most of the time, and a write that waited for one to come
 * back waited a turn of the busy event loop for each of its statements' connections (bench:load).
 */
function stallAware(pool: Pool, acquireMs: number, reserve: number): PostgresPool & { connect(): Promise<PoolClient> } {
  let lastProgress = Date.now();
  // pg emits one release for every acquire, also for a client released with an error.
  let handedOut = 0;
  // Connections asked of pg's pool and not yet released (handed out, or being opened or passed on).
  let granted = 0;
  const waiting: { urgent: (() => void)[]; other: (() => void)[] } = { urgent: [], other: [] };
  const size = pool.options.max;
  const checkEveryMs = Math.max(20, Math.round(acquireMs / 4));
  /** Lets waiters on while pg's pool has room for them, urgent ones first, others only outside the reserve. */
  const pass = () => {
    while (granted < size) {
      const next = waiting.urgent.shift() ?? (granted < size - reserve ? waiting.other.shift() : undefined);
      if (!next) return;
      granted += 1;
      next();
    }
  };
  pool.on('acquire', () => {
    handedOut += 1;
    lastProgress = Date.now();
  });
  pool.on('release', () => {
    handedOut -= 1;
    granted -= 1;
    lastProgress = Date.now();
    pass();
  });
  return {
    // Kysely opens a separate connection of this kind, with these options, to cancel a statement.
    Client: (pool as unknown as { Client: NonNullable<PostgresPool['Client']> }).Client,
    options: pool.options,
    connect: () =>
      new Promise<PoolClient>((resolve, reject) => {
        const since = Date.now();
        const queue = isUrgent() ? waiting.urgent : waiting.other;
        let abandoned = false;
        const take = () => {
          pool.connect().then(
            (client) => {
              clearInterval(timer);
              // Given up on meanwhile: the connection goes straight back to the next waiter.
              if (abandoned) client.release();
              else resolve(client);
            },
            (error: unknown) => {
              // No client, no release event: its room goes to the next waiter.
              granted -= 1;
              pass();
              clearInterval(timer);
              if (!abandoned) reject(error);
            },
          );
        };
        // The connections this waiter may be handed: while some of them are not handed out, the pool is not stuck.
        const room = queue === waiting.urgent ? size : size - reserve;
        const timer = !acquireMs
          ? undefined
          : setInterval(() => {
              if (handedOut < room || Date.now() - Math.max(lastProgress, since) < acquireMs) return;
              abandoned = true;
              clearInterval(timer);
              // Still queued here: it leaves the queue (once let on, the connection it gets is passed on).
              const index = queue.indexOf(take);
              if (index !== -1) queue.splice(index, 1);
              reject(new Error('timeout exceeded when trying to connect'));
            }, checkEveryMs);
        queue.push(take);
        pass();
      }),
    end: () => pool.end(),
  };
}

/**
 * The embedded engine's buffer cache, inside the process's memory (PostgreSQL's default is 128MB). Its data files are
 * read through the operating system, whose own cache keeps them at no cost to the process: a served demo community
 * holds much less resident memory with a small cache and reads no slower.
 */
const PGLITE_SHARED_BUFFERS = '32MB';

async function connectPGlite(
  dataDir: string,
  dump: Blob | undefined,
  progress: Progress | undefined,
): Promise<DatabaseHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const inMemory = dataDir.startsWith('memory://');
  const folder = inMemory ? dataDir : path.resolve(dataDir);
  const release = inMemory ? () => {} : lockDataFolder(folder);
  // A new folder is made by PGlite's initdb: seconds of CPU, said before it starts.
  const creating =
    !inMemory && !fs.existsSync(path.join(folder, 'pgdata', 'PG_VERSION'))
      ? progress?.step('Creating the embedded database (PGlite)', 1, 'folder')
      : undefined;
  try {
    const pglite = await PGlite.create(inMemory ? undefined : path.join(folder, 'pgdata'), {
      parsers: { [INT8_OID]: (value: string) => Number(value), [NUMERIC_OID]: (value: string) => Number(value) },
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
      ...(inMemory && dump ? { loadDataDir: dump } : {}),
    });
    creating?.advance();
    creating?.end();
    const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite), plugins: [new TableWriteWatch()] });
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
    creating?.end();
    release();
    throw error;
  }
}

/** Opens the configured engine and, unless told otherwise, brings the schema up to date. */
export async function connectDatabase(options: ConnectOptions): Promise<DatabaseHandle> {
  const { databaseUrl } = options;
  if (databaseUrl && options.migrate !== false && options.statementTimeoutMs) {
    // A migration may rightly run longer than any request should (an index on a big table).
    await migrateOnce(() => connectPostgres(databaseUrl, { poolSize: 1 }), options.progress);
    return connectPostgres(databaseUrl, {
      poolSize: options.poolSize ?? 10,
      urgentReserve: options.urgentReserve,
      statementTimeoutMs: options.statementTimeoutMs,
      acquireTimeoutMs: options.acquireTimeoutMs,
    });
  }
  const handle = databaseUrl
    ? await connectPostgres(databaseUrl, {
        poolSize: options.poolSize ?? 10,
        urgentReserve: options.urgentReserve,
        acquireTimeoutMs: options.acquireTimeoutMs,
      })
    : await connectPGlite(options.dataDir ?? './data', options.pgliteDump, options.progress);
  if (options.migrate !== false) {
    try {
      await migrateToLatest(handle.db, options.progress);
    } catch (error) {
      await handle.close();
      throw error;
    }
  }
  return handle;
}

async function migrateOnce(open: () => Promise<DatabaseHandle>, progress: Progress | undefined): Promise<void> {
  const handle = await open();
  try {
    await migrateToLatest(handle.db, progress);
  } finally {
    await handle.close();
  }
}
