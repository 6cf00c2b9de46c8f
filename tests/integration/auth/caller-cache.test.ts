import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '#tests/helpers/database.ts';
import { startTestServer, type TestServer } from '#tests/helpers/server.ts';
import { sql } from 'kysely';
import { announceDataChange, shareDataChanges } from '#lib/server/db/changes.ts';
import { hashSecret } from '#lib/server/auth/tokens.ts';
import { CALLER_MAX_AGE_MS, keptCaller } from '#lib/server/auth/caller-cache.ts';
import type { Actor } from '#lib/server/auth/actor.ts';
import { apiKeyFor, insertTeam, sessionFor } from './helpers.ts';

/*
 * Callers are kept in memory (src/lib/server/auth/caller-cache.ts), and a kept one must never outlive a change of
 * what it was read from: a revoked key, an ended session, a role taken away, a renamed team.
 */

/** Status and body of GET /v2/users/@me with these headers. */
async function me(server: TestServer, headers: Record<string, string>): Promise<[number, unknown]> {
  const response = await server.fetch('/v2/users/@me', { headers });
  return [response.status, await response.json()];
}

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

describe.each(engines)('kept callers on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());

  it('keeps a known key: a revocation made behind the site is not seen by the next request', async () => {
    const key = await apiKeyFor(server.db, await insertTeam(server.db, 'KEPT'));
    expect((await me(server, bearer(key)))[0]).toBe(200);
    // withoutPlugins: the database without the write watch (db/table-writes.ts), as SQL typed by hand would write.
    await server.db.withoutPlugins().deleteFrom('team_api_keys').where('key_hash', '=', hashSecret(key)).execute();
    expect(await me(server, bearer(key))).toEqual([200, { tag: 'KEPT', name: 'Team KEPT' }]);
  });

  it("drops a kept key, team or session as soon as this process writes the look-up's tables", async () => {
    const team = await insertTeam(server.db, 'DROP');
    const key = await apiKeyFor(server.db, team);
    expect(await me(server, bearer(key))).toEqual([200, { tag: 'DROP', name: 'Team DROP' }]);
    await server.db.updateTable('teams').set({ tag: 'DROP2' }).where('id', '=', team).execute();
    expect(await me(server, bearer(key))).toEqual([200, { tag: 'DROP2', name: 'Team DROP' }]);
    await server.db.deleteFrom('team_api_keys').where('key_hash', '=', hashSecret(key)).execute();
    expect((await me(server, bearer(key)))[0]).toBe(401);

    const admin = await sessionFor(server.db, { discordId: '300000000000000001', admin: true, manages: [team] });
    expect((await me(server, admin.headers))[1]).toMatchObject({ roles: ['ADMIN', 'USER', 'TEAM_MANAGER'] });
    await server.db.deleteFrom('user_roles').where('user_id', '=', admin.userId).execute();
    await server.db.deleteFrom('team_managers').where('user_id', '=', admin.userId).execute();
    expect((await me(server, admin.headers))[1]).toMatchObject({ roles: ['USER'], my_teams: [] });
    await server.db.deleteFrom('sessions').where('user_id', '=', admin.userId).execute();
    expect((await me(server, admin.headers))[0]).toBe(401);
  });

  it('looks a caller up again once its session expires or it has been kept CALLER_MAX_AGE_MS', async () => {
    const looked: string[] = [];
    const actor: Actor = { kind: 'team-key', teamId: 1, teamTag: 'T' };
    const lookUp = (name: string, expiresAt?: Date) => async () => {
      looked.push(name);
      return { actor, ...(expiresAt ? { expiresAt } : {}) };
    };
    const start = Date.now();
    await keptCaller(server.db, 'aged', start, lookUp('aged'));
    await keptCaller(server.db, 'aged', start + CALLER_MAX_AGE_MS - 1, lookUp('aged'));
    await keptCaller(server.db, 'aged', start + CALLER_MAX_AGE_MS, lookUp('aged'));
    await keptCaller(server.db, 'session', start, lookUp('session', new Date(start + 1000)));
    await keptCaller(server.db, 'session', start + 999, lookUp('session'));
    await keptCaller(server.db, 'session', start + 1000, lookUp('session'));
    expect(looked).toEqual(['aged', 'aged', 'session', 'session']);
    // An unknown secret is not kept: a key created a moment later works at once.
    expect(await keptCaller(server.db, 'unknown', start, async () => undefined)).toBeUndefined();
    expect(await keptCaller(server.db, 'unknown', start + 1, lookUp('unknown'))).toBe(actor);
  });
});

// PGlite has one connection: a request cannot read while a transaction of the test holds it.
describe.runIf(process.env['TEST_DATABASE_URL'])('kept callers on postgres, around transactions and instances', () => {
  let server: TestServer;
  let stopSharing: () => Promise<void>;
  beforeAll(async () => {
    server = await startTestServer('postgres');
    // As the site's own handle does (db/index.ts): other processes' announcements reach this one.
    stopSharing = await shareDataChanges(server.db, server.location);
  });
  afterAll(async () => {
    await stopSharing();
    await server.close();
  });

  it('does not keep a caller read between a write and its commit past the announced change', async () => {
    const key = await apiKeyFor(server.db, await insertTeam(server.db, 'RACE'));
    expect((await me(server, bearer(key)))[0]).toBe(200);
    await server.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('team_api_keys').where('key_hash', '=', hashSecret(key)).execute();
      // Not committed yet: the request reads the key as it was, after the write was counted.
      expect((await me(server, bearer(key)))[0]).toBe(200);
    });
    announceDataChange(server.db);
    expect((await me(server, bearer(key)))[0]).toBe(401);
  });

  it('drops kept callers when another process announces a change (a revocation by the CLI)', async () => {
    const key = await apiKeyFor(server.db, await insertTeam(server.db, 'ELSE'));
    expect((await me(server, bearer(key)))[0]).toBe(200);
    await server.db.withoutPlugins().deleteFrom('team_api_keys').where('key_hash', '=', hashSecret(key)).execute();
    // What the CLI or another instance sends (db/changes.ts tellInstances), under another instance's id: this
    // process's own announcements are left out.
    await sql`select pg_notify('hss_changes', 'another-instance')`.execute(server.db);
    let status = (await me(server, bearer(key)))[0];
    // A notification reaches the listening connection a moment after it is sent.
    for (let i = 0; i < 100 && status !== 401; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      status = (await me(server, bearer(key)))[0];
    }
    expect(status).toBe(401);
  });
});
