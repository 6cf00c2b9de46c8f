import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { allTasks, cleanStores } from 'nanostores';
import { engines } from '#tests/helpers/database.ts';
import { startTestServer, type TestServer } from '#tests/helpers/server.ts';
import { insertTeam, sessionFor } from '#tests/integration/auth/helpers.ts';
import { createApiClient, setApiClient } from '#lib/client/api.ts';
import { $session, hasRole, loadSession, setSession } from '#lib/client/stores/session.ts';

describe.each(engines)('$session against the server on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());
  afterEach(() => {
    cleanStores($session);
    $session.set({ status: 'unknown' });
    setApiClient(undefined);
  });

  it('loads the signed-in user on first use', async () => {
    const team = await insertTeam(server.db, 'ALPHA');
    const me = await sessionFor(server.db, { discordId: '200000000000000001', name: 'Mara', manages: [team] });
    setApiClient(createApiClient({ baseURL: server.baseUrl, headers: { cookie: me.headers['cookie']! } }));
    const unsubscribe = $session.listen(() => {});
    expect($session.get()).toEqual({ status: 'unknown' });
    await allTasks();
    expect($session.get()).toEqual({
      status: 'signed-in',
      user: { name: 'Mara', roles: ['USER', 'TEAM_MANAGER'], my_teams: ['ALPHA'], my_steam_ids: [] },
    });
    expect(hasRole($session.get(), 'TEAM_MANAGER')).toBe(true);
    expect(hasRole($session.get(), 'ADMIN')).toBe(false);
    unsubscribe();
  });

  it('treats 401 as nobody signed in, and other failures as failed', async () => {
    setApiClient(createApiClient({ baseURL: server.baseUrl }));
    expect(await loadSession()).toEqual({ status: 'signed-out' });
    setApiClient(createApiClient({ baseURL: 'http://127.0.0.1:9' }));
    expect((await loadSession()).status).toBe('failed');
  });

  it('does not ask again when the page already gave the user', async () => {
    setApiClient(createApiClient({ baseURL: 'http://127.0.0.1:9' }));
    setSession(null);
    const unsubscribe = $session.listen(() => {});
    await allTasks();
    expect($session.get()).toEqual({ status: 'signed-out' });
    unsubscribe();
  });
});
