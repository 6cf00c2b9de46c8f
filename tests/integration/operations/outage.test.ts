import fs from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '#tests/helpers/database.ts';
import { startTcpProxy, type TcpProxy } from '#tests/helpers/tcp-proxy.ts';
import { connectDatabase } from '#lib/server/db/connect.ts';
import { closeProcessApp } from '#lib/server/app.ts';
import { databaseFailure } from '#lib/server/db/outage.ts';
import { createSiteServer } from '#lib/server/http/server/site-server.ts';
import { messages } from '#lib/server/core/messages.ts';

const ENTRY = path.resolve(import.meta.dirname, '../../..', process.env['HSS_DIST'] ?? 'dist', 'server/entry.mjs');
// Long enough for ten requests to reach the locked table on a loaded machine before the first is cancelled.
const STATEMENT_TIMEOUT_MS = 5000;
const ACQUIRE_TIMEOUT_MS = 1000;

/*
 * The server's own database handle, made from its configuration (DATABASE_URL and the DB_*_TIMEOUT_MS settings),
 * reaches PostgreSQL through a proxy the test can cut: the database goes away and comes back as in a restart,
 * and a table lock held elsewhere stands for a long-running statement.
 */
describe.skipIf(!process.env['TEST_DATABASE_URL'])('database outages on postgres', () => {
  let database: { url: string; drop: () => Promise<void> };
  let proxy: TcpProxy;
  let server: http.Server;
  let baseUrl: string;
  let locker: pg.Client;
  const get = (pathname: string) => fetch(new URL(pathname, baseUrl), { redirect: 'manual' });
  /**
   * Waits until `count` of the server's statements wait on a lock. They must all arrive before the first of them is
   * cancelled by the statement timeout, so the wait ends a little before it; a failure names what each of the
   * server's connections was doing instead.
   */
  const waitForLockWaiters = async (count: number) => {
    const deadline = Date.now() + STATEMENT_TIMEOUT_MS - 500;
    for (;;) {
      const { rows } = await locker.query<{ waiting: number }>(
        `select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if (rows[0]!.waiting >= count) return;
      if (Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const { rows } = await locker.query<{ state: string | null; wait: string | null; query: string }>(
      `select state, wait_event_type || ':' || wait_event as wait, left(query, 80) as query from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid()`,
    );
    throw new Error(`fewer than ${count} requests waited on the lock: ${JSON.stringify(rows)}`);
  };

  /** The server's pooled connections (its LISTEN connection has an application name of its own). */
  const poolConnections = async () => {
    const { rows } = await locker.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid() and application_name = ''`,
    );
    return rows[0]!.n;
  };

  beforeAll(async () => {
    if (!fs.existsSync(ENTRY)) throw new Error(`${ENTRY} is missing: run \`npm run build\` first`);
    database = await createPostgresDatabase({ migrated: true });
    const setup = await connectDatabase({ databaseUrl: database.url });
    await setup.db
      .insertInto('series')
      .values({ tag: 'S1', name: 'Season 1', is_current: true, ranked_after_matches: 3 })
      .execute();
    await setup.close();
    const direct = new URL(database.url);
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const proxied = new URL(database.url);
    proxied.port = String(proxy.port);
    Object.assign(process.env, {
      ASTRO_NODE_AUTOSTART: 'disabled',
      ASTRO_TELEMETRY_DISABLED: '1',
      DEMO_SEED: 'off',
      READ_CACHE_SECONDS: '0',
      DATABASE_URL: proxied.toString(),
      DB_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
      DB_ACQUIRE_TIMEOUT_MS: String(ACQUIRE_TIMEOUT_MS),
    });
    server = await createSiteServer(pathToFileURL(ENTRY).href);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    locker = new pg.Client({ connectionString: database.url });
    await locker.connect();
  }, 120_000);

  afterAll(async () => {
    await locker?.end();
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await closeProcessApp();
    await proxy?.close();
    await database?.drop();
  });

  it('a statement stuck behind a lock is cancelled after the statement timeout: 503 with Retry-After, in words', async () => {
    expect((await get('/v3/series')).status).toBe(200);
    await locker.query('begin');
    await locker.query('lock table series in access exclusive mode');
    try {
      const started = Date.now();
      const api = await get('/v3/series');
      expect(api.status).toBe(503);
      expect(api.headers.get('retry-after')).toBe('5');
      expect(await api.json()).toEqual({ error: messages.databaseBusy, code: 'DatabaseBusy' });
      // Without the timeout the request would wait as long as the lock is held (until this test ends it).
      expect(Date.now() - started).toBeLessThan(STATEMENT_TIMEOUT_MS * 4);
      const page = await get('/?series=S1');
      expect(page.status).toBe(503);
      expect(page.headers.get('retry-after')).toBe('5');
      expect(page.headers.get('x-hss-status')).toBeNull();
      expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(page.headers.get('x-content-type-options')).toBe('nosniff');
      const html = await page.text();
      expect(html).toContain('The site is temporarily unavailable');
      expect(html).not.toContain('Unexpected Application Error!');
    } finally {
      await locker.query('rollback');
    }
    expect((await get('/v3/series')).status).toBe(200);
  }, 60_000);

  it('requests do not queue behind a full pool for longer than the acquire timeout', async () => {
    // Open the pool's ten connections first, so that the requests below hold them rather than wait to connect (a
    // new connection can take seconds on a loaded machine). A burst opens as many as overlap; idle ones are kept.
    for (let tries = 0; (await poolConnections()) < 10; tries += 1) {
      if (tries === 20) throw new Error(`the pool opened ${await poolConnections()} of its 10 connections`);
      const warm = await Promise.all(Array.from({ length: 10 }, (_, i) => get(`/v3/series/S1/teams?offset=${i}`)));
      expect(warm.map((answer) => answer.status)).toEqual(warm.map(() => 200));
    }
    await locker.query('begin');
    await locker.query('lock table teams in access exclusive mode');
    try {
      // Ten requests stuck on the locked table hold every pooled connection until their statements time out.
      const stuck = Array.from({ length: 12 }, (_, i) => get(`/v3/series/S1/teams?offset=${i}`));
      await waitForLockWaiters(10);
      const started = Date.now();
      const unrelated = await get('/v3/series');
      const waited = Date.now() - started;
      expect(unrelated.status).toBe(503);
      expect(await unrelated.json()).toEqual({ error: messages.databaseBusy, code: 'DatabaseBusy' });
      expect(waited).toBeLessThan(STATEMENT_TIMEOUT_MS);
      const answers = await Promise.all(stuck);
      expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 503));
    } finally {
      await locker.query('rollback');
    }
    expect((await get('/v3/series/S1/teams')).status).toBe(200);
  }, 60_000);

  it('PostgreSQL going away answers 503 (JSON for the API, the error page for pages), and the site recovers when it returns', async () => {
    await proxy.cut();
    try {
      const api = await get('/v3/series');
      expect(api.status).toBe(503);
      expect(api.headers.get('retry-after')).toBe('5');
      expect(await api.json()).toEqual({ error: messages.databaseUnavailable, code: 'DatabaseUnavailable' });
      const page = await get('/?series=S1');
      expect(page.status).toBe(503);
      expect(await page.text()).toContain('The site is temporarily unavailable');
      expect((await get('/readyz')).status).toBe(503);
      expect((await get('/healthz')).status).toBe(200);
    } finally {
      await proxy.restore();
    }
    const back = await get('/v3/series');
    expect(back.status).toBe(200);
    expect(((await back.json()) as { tag: string }[]).map((series) => series.tag)).toEqual(['S1']);
    expect((await get('/?series=S1')).status).toBe(200);
  }, 60_000);
});

describe('databaseFailure', () => {
  const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code });

  it('names connection losses and refusals "unavailable" and timeouts "timeout", through causes', () => {
    expect(databaseFailure(coded('ECONNREFUSED'))).toBe('unavailable');
    expect(databaseFailure(coded('57P01'))).toBe('unavailable');
    expect(databaseFailure(coded('08006'))).toBe('unavailable');
    expect(databaseFailure(new Error('Connection terminated unexpectedly'))).toBe('unavailable');
    expect(databaseFailure(new AggregateError([coded('ECONNREFUSED')], ''))).toBe('unavailable');
    expect(databaseFailure(coded('57014', 'canceling statement due to statement timeout'))).toBe('timeout');
    expect(databaseFailure(new Error('timeout exceeded when trying to connect'))).toBe('timeout');
    expect(databaseFailure(new Error('wrapped', { cause: coded('ECONNRESET') }))).toBe('unavailable');
  });

  it('leaves every other error alone', () => {
    expect(databaseFailure(coded('23505', 'duplicate key'))).toBeUndefined();
    expect(databaseFailure(coded('22P02', 'invalid input syntax'))).toBeUndefined();
    expect(databaseFailure(new Error('Connection string is wrong'))).toBeUndefined();
    expect(databaseFailure('ECONNREFUSED')).toBeUndefined();
  });
});
