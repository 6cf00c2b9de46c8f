import net from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { engines } from '#tests/helpers/database.ts';
import { startTestServer, type TestServer } from '#tests/helpers/server.ts';
import { connectDatabase } from '#lib/server/db/connect.ts';
import { readiness } from '#lib/server/services/health.ts';

describe.each(engines)('health checks and request log on %s', (engine) => {
  let server: TestServer;
  const lines: string[] = [];
  beforeAll(async () => {
    server = await startTestServer(engine, {}, { requestLog: (line) => lines.push(line) });
  });
  afterAll(() => server.close());

  it('/healthz answers without the database, /readyz checks it; both uncached, with the security headers', async () => {
    const alive = await server.fetch('/healthz');
    expect(alive.status).toBe(200);
    expect(await alive.json()).toEqual({ status: 'ok' });
    expect(alive.headers.get('cache-control')).toBe('no-store');
    expect(alive.headers.get('x-content-type-options')).toBe('nosniff');
    const ready = await server.fetch('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
    const post = await server.fetch('/readyz', { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });

  it('/readyz fails with 503 and Retry-After while a migration is missing', async () => {
    const last = await server.db
      .selectFrom('kysely_migration' as never)
      .select(sql<string>`max(name)`.as('name'))
      .executeTakeFirstOrThrow();
    await sql`delete from kysely_migration where name = ${last.name}`.execute(server.db);
    try {
      const response = await server.fetch('/readyz');
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('5');
      expect(((await response.json()) as { error: string }).error).toBe(`Migrations not applied: ${last.name}`);
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${last.name}, ${new Date().toISOString()})`.execute(
        server.db,
      );
    }
  });

  it('logs one JSON line per request with its id, never the query string, cookies or keys', async () => {
    lines.length = 0;
    const secretQuery = await server.fetch('/v2/auth/discord/callback?code=SECRETCODE&state=SECRETSTATE');
    const withKey = await server.fetch('/v3/series', {
      headers: { authorization: 'Bearer hss_SECRETKEY', cookie: 'hss_session=SECRETSESSION' },
    });
    const chosen = await server.fetch('/healthz', { headers: { 'x-request-id': 'proxy-id-12345' } });
    const forged = await server.fetch('/healthz', { headers: { 'x-request-id': '<script>alert(1)</script>' } });
    await Promise.all([secretQuery, withKey, chosen, forged].map((r) => r.arrayBuffer()));
    // A line is written once its answer has finished, which a loaded machine may leave until after the body arrived.
    await vi.waitFor(() => expect(lines).toHaveLength(4), { timeout: 10_000 });
    expect(lines.join('\n')).not.toMatch(/SECRET|alert/);
    // In the order the answers finished, which a loaded machine may change: each line is found by its request.
    const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const callback = parsed.find((line) => line['path'] === '/v2/auth/discord/callback');
    expect(callback).toMatchObject({ method: 'GET', id: secretQuery.headers.get('x-request-id') });
    const series = parsed.find((line) => line['path'] === '/v3/series');
    expect(series).toMatchObject({ status: withKey.status });
    expect(typeof series?.['ms']).toBe('number');
    expect(chosen.headers.get('x-request-id')).toBe('proxy-id-12345');
    expect(parsed.map((line) => line['id'])).toContain('proxy-id-12345');
    expect(forged.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('readiness when the database cannot answer', () => {
  it('names the reason an unreachable PostgreSQL gives, never its address', async () => {
    const handle = await connectDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/none', migrate: false });
    try {
      const state = await readiness(async () => handle.db, 2000);
      expect(state).toEqual({ ready: false, reason: 'The database is unreachable (ECONNREFUSED)' });
    } finally {
      await handle.close();
    }
  });

  it('gives up on a database that accepts but never answers', async () => {
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    const handle = await connectDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:${port}/none`, migrate: false });
    try {
      const started = performance.now();
      const state = await readiness(async () => handle.db, 300);
      expect(state).toEqual({ ready: false, reason: 'The database did not answer within 300 ms' });
      expect(performance.now() - started).toBeLessThan(2000);
    } finally {
      silent.close();
      void handle.close();
    }
  });
});
