import { getConfig } from './config.ts';
import type { DB } from './db/index.ts';
import { connectDatabase, type DatabaseHandle } from './db/connect.ts';
import { shareDataChanges } from './db/changes.ts';
import type { Progress } from './progress.ts';
import { ratingQueueIdle, resumeRatingWork } from './services/rating-queue.ts';
import { startWebhookWorker, stopWebhookWorker } from './services/webhooks/worker.ts';
import { closePreparePool } from './services/ingestion/prepare-pool.ts';

/*
 * The composition root, after Kysely's example/src/app.ts: the one place that creates, starts and stops what lives
 * as long as the process — the database, the change feed shared with other instances, the rating queue, the Discord
 * webhook worker and the pool of log-preparing threads — and hands the database to whoever needs it. The modules
 * keep their per-database state in plain module variables: the built pages import `#lib/server/*` from src/ rather
 * than bundling a copy (astro.config.mjs, serverModulesOnce), so the site server and the pages share them.
 */

/**
 * PostgreSQL connections beside the pool's ten that only writes (db/priority.ts) are handed: a report's look-ups and
 * its transaction (REPORTS_AT_ONCE of them at once), an approval and the caller look-up of a state change.
 */
const URGENT_CONNECTIONS = 6;

/** How long closing waits for a rating pass in progress (a pass cut by the close is done again at the next start). */
const RATING_DRAIN_MS = 10_000;

/** The process's long-lived parts around one database. */
export class App {
  readonly database: DatabaseHandle;
  private readonly stopSharing: () => Promise<void>;

  /**
   * An app around an open database. `stopSharing` ends this instance's part in the change feed of other instances
   * (PostgreSQL), if it joined one.
   */
  constructor(database: DatabaseHandle, stopSharing: () => Promise<void> = async () => {}) {
    this.database = database;
    this.stopSharing = stopSharing;
  }

  get db(): DB {
    return this.database.db;
  }

  /**
   * The app of the configured database: connected and migrated (pending migrations reported on `progress`), rating
   * work the previous process left undone (queued matches, a refresh cut off after a rating pass) resumed, and on
   * PostgreSQL subscribed to the changes of other instances, which must drop this one's caches.
   */
  static async open(progress?: Progress): Promise<App> {
    const config = getConfig();
    const database = await connectDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      statementTimeoutMs: config.databaseTimeouts.statementMs,
      acquireTimeoutMs: config.databaseTimeouts.acquireMs,
      urgentReserve: URGENT_CONNECTIONS,
      progress,
    });
    resumeRatingWork(database.db);
    if (!config.databaseUrl) return new App(database);
    return new App(database, await shareDataChanges(database.db, config.databaseUrl));
  }

  /** Delivers the Discord webhook outbox from this process until stopWebhooks or close. */
  deliverWebhooks(): void {
    startWebhookWorker(this.db);
  }

  /** Stops delivering webhooks; the message being posted finishes, the rest stay in the outbox for the next start. */
  async stopWebhooks(): Promise<void> {
    await stopWebhookWorker(this.db);
  }

  /**
   * Stops everything and closes the database, after the rating pass in progress, if any, has finished (up to
   * RATING_DRAIN_MS).
   */
  async close(): Promise<void> {
    await this.stopWebhooks();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, RATING_DRAIN_MS)));
    await Promise.race([ratingQueueIdle(this.db), late]);
    clearTimeout(timer);
    await this.stopSharing();
    await closePreparePool();
    await this.database.close();
  }
}

interface ProcessApp {
  promise: Promise<App>;
  /** The app once it is open. */
  opened?: App;
}

// The one global anchor: the dev server (astro dev) evaluates this module again after an edit of anything it
// imports, and an embedded database (PGlite) allows one owner, so the process's app must outlive the module.
const anchor = globalThis as typeof globalThis & { __hssApp?: ProcessApp | undefined };

function remember(promise: Promise<App>): ProcessApp {
  const entry: ProcessApp = { promise };
  promise.then(
    (app) => (entry.opened = app),
    () => {
      if (anchor.__hssApp === entry) anchor.__hssApp = undefined;
    },
  );
  return entry;
}

/** The process's app, opened from the configuration on first use (App.open). */
export function processApp(progress?: Progress): Promise<App> {
  anchor.__hssApp ??= remember(App.open(progress));
  return anchor.__hssApp.promise;
}

/** Makes `app` the process's app (tests, which open their own databases), or forgets it (undefined). */
export function useProcessApp(app: App | undefined): void {
  anchor.__hssApp = app && { promise: Promise.resolve(app), opened: app };
}

/** The process's app if it is open now: the site server answers from its caches only then. */
export function openedProcessApp(): App | undefined {
  return anchor.__hssApp?.opened;
}

/** The process's database (processApp). */
export async function getDb(): Promise<DB> {
  return (await processApp()).db;
}

/** Closes the process's app, if it was opened (graceful stop, tests, the CLI before exiting). */
export async function closeProcessApp(): Promise<void> {
  const entry = anchor.__hssApp;
  anchor.__hssApp = undefined;
  if (entry) await (await entry.promise).close();
}
