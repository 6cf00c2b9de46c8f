import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { DB } from './index.ts';

/*
 * Changes of data, told to every instance that serves the same database. Each process caches public answers in
 * memory; when several instances run on one PostgreSQL behind a proxy, a change committed by one must drop the
 * caches of all. A change is announced locally and, on PostgreSQL, with NOTIFY on one channel; every instance
 * LISTENs on a connection of its own and drops its caches when another instance announces one. If the listening
 * connection is lost (a database restart), it reconnects and treats the gap as a change, since notifications sent
 * meanwhile are gone.
 */

const CHANNEL = 'hss_changes';
const RECONNECT_MS = [250, 500, 1000, 2000, 5000];

interface Feed {
  listeners: Set<() => void>;
  /** Told only of other instances' changes (and of those possibly missed while not listening). */
  remoteListeners: Set<() => void>;
  /** Set on PostgreSQL once the LISTEN connection is attached: announcements are sent to other instances too. */
  shared: boolean;
  stop?: () => Promise<void>;
}

const INSTANCE = randomUUID();
const feeds = new WeakMap<DB, Feed>();

function feedOf(db: DB): Feed {
  let feed = feeds.get(db);
  if (!feed) feeds.set(db, (feed = { listeners: new Set(), remoteListeners: new Set(), shared: false }));
  return feed;
}

function tell(feed: Feed, remote = false): void {
  for (const listener of remote ? [...feed.remoteListeners, ...feed.listeners] : feed.listeners) {
    try {
      listener();
    } catch (error) {
      console.error('A change listener failed:', error);
    }
  }
}

/** This process's id among the instances serving one database. */
export function instanceId(): string {
  return INSTANCE;
}

/**
 * The `application_name` of an instance's listening connection: while that connection is open, PostgreSQL's
 * pg_stat_activity shows the instance alive (repositories/webhooks.ts takes over the claims of a gone one).
 */
export function instanceSessionName(instance: string): string {
  return `hss ${instance}`;
}

/** Calls `listener` after every change of `db`'s data, made by this instance or (on PostgreSQL) by another one. */
export function onDataChange(db: DB, listener: () => void): void {
  feedOf(db).listeners.add(listener);
}

/**
 * Calls `listener` after every change of `db`'s data made by another instance or process (PostgreSQL only), and
 * after the listening connection was lost, when such changes may have gone unheard; not after this instance's own.
 */
export function onRemoteDataChange(db: DB, listener: () => void): void {
  feedOf(db).remoteListeners.add(listener);
}

/**
 * Tells this instance's listeners that `db`'s data changed and, when the feed is shared, the other instances:
 * the front caches (http/caches/read-cache.ts, http/caches/page-cache.ts) then drop their public answers. Call it after each
 * change this process commits: a state-changing request that succeeded (middleware), each rating pass (rating
 * worker), a Steam proof; the CLI after each command (cli/run.ts). Other writes (SQL by hand) show within the
 * caches' lifetime. It never throws and never waits for the database.
 */
export function announceDataChange(db: DB): void {
  const feed = feedOf(db);
  tell(feed);
  if (feed.shared)
    sql`select pg_notify(${CHANNEL}, ${INSTANCE})`
      .execute(db)
      .catch((error: unknown) => console.error(`Could not tell other instances of a change: ${String(error)}`));
}

/**
 * Tells every instance serving the PostgreSQL database behind `db` that its data changed, from a process that does
 * not serve it (the CLI after a command: its writes would otherwise show only as caches expire). Rejects when the
 * database cannot be reached.
 */
export async function tellInstances(db: DB): Promise<void> {
  await sql`select pg_notify(${CHANNEL}, ${INSTANCE})`.execute(db);
}

/**
 * Shares `db`'s changes with the other instances on the PostgreSQL database at `url`: LISTENs on a dedicated
 * connection (reconnecting with backoff) and makes announceDataChange NOTIFY. Returns a function that stops it.
 */
export async function shareDataChanges(db: DB, url: string): Promise<() => Promise<void>> {
  const { default: pg } = await import('pg');
  const feed = feedOf(db);
  feed.shared = true;
  let client: InstanceType<typeof pg.Client> | undefined;
  let stopped = false;
  let attempt = 0;
  const connect = async (): Promise<void> => {
    if (stopped) return;
    const next = new pg.Client({ connectionString: url, application_name: instanceSessionName(INSTANCE) });
    next.on('notification', (message) => {
      if (message.channel === CHANNEL && message.payload !== INSTANCE) tell(feed, true);
    });
    next.on('error', () => void reconnect(next));
    try {
      await next.connect();
      await next.query(`listen ${CHANNEL}`);
      client = next;
      if (attempt > 0) tell(feed, true); // changes made while we were not listening went unheard
      attempt = 0;
    } catch {
      void reconnect(next);
    }
  };
  const reconnect = async (failed: InstanceType<typeof pg.Client>): Promise<void> => {
    if (client === failed) client = undefined;
    failed.removeAllListeners('error');
    failed.on('error', () => {});
    void failed.end().catch(() => {});
    if (stopped) return;
    const delay = RECONNECT_MS[Math.min(attempt, RECONNECT_MS.length - 1)]!;
    attempt += 1;
    await new Promise((resolve) => setTimeout(resolve, delay).unref());
    await connect();
  };
  // The first attempt is awaited so that a healthy start listens before serving; retries go on in the background.
  await connect();
  const stop = async () => {
    stopped = true;
    feed.shared = false;
    await client?.end().catch(() => {});
  };
  feed.stop = stop;
  return stop;
}
