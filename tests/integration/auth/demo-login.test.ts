import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '#tests/helpers/database.ts';
import { startTestServer, type TestServer } from '#tests/helpers/server.ts';
import { createSeries } from '#lib/server/services/series.ts';
import { meSchema } from '#lib/schemas/user.ts';
import { cookieValue, insertTeam, setCookies } from './helpers.ts';

// No DISCORD_CLIENT_ID and the default loopback HOST: demo sign-in is on.
describe.each(engines)('demo sign-in on a loopback server on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, { HOST: '127.0.0.1' });
    await createSeries(server.db, { tag: 'S1', name: 'Season 1' });
    await insertTeam(server.db, 'ZULU');
    await insertTeam(server.db, 'ALPHA');
  });
  afterAll(() => server.close());

  const signIn = async (as: string, redirect = '/teams') => {
    const response = await server.fetch(`/v2/auth/demo?as=${as}&redirect_uri=${encodeURIComponent(redirect)}`);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(redirect);
    const line = setCookies(response)['hss_session'] ?? '';
    expect(line).toMatch(/HttpOnly/i);
    expect(line).not.toMatch(/Secure/i);
    const me = await server.fetch('/v2/users/@me', { headers: { cookie: `hss_session=${cookieValue(line)}` } });
    return meSchema.parse(await me.json());
  };

  it('sends the login button to the demo chooser, which links the three demo accounts', async () => {
    const login = await server.fetch('/v2/auth/discord/login?redirect_uri=%2Fteams');
    expect([login.status, login.headers.get('location')]).toEqual([302, '/demo-login?redirect_uri=%2Fteams']);
    const page = await server.fetch('/demo-login?redirect_uri=%2Fteams&series=S1');
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const as of ['admin', 'manager', 'user'])
      expect(html).toContain(`/v2/auth/demo?as=${as}&amp;redirect_uri=%2Fteams`);
  });

  it('signs in as the demo admin, manager (of the first team by tag) and user', async () => {
    expect(await signIn('admin')).toEqual({
      name: 'Demo Admin',
      roles: ['ADMIN', 'USER'],
      my_teams: [],
      my_steam_ids: [],
    });
    expect(await signIn('manager', '/')).toEqual({
      name: 'Demo Manager',
      roles: ['USER', 'TEAM_MANAGER'],
      my_teams: ['ALPHA'],
      my_steam_ids: [],
    });
    expect(await signIn('user')).toEqual({ name: 'Demo User', roles: ['USER'], my_teams: [], my_steam_ids: [] });
    const ids = await server.db.selectFrom('users').select('discord_id').orderBy('discord_id').execute();
    expect(ids.map((u) => u.discord_id)).toEqual(['000000000000000001', '000000000000000002', '000000000000000003']);
  });

  it('renders the sign-out form with the CSRF token the same response sets', async () => {
    const demo = await server.fetch('/v2/auth/demo?as=user&redirect_uri=%2F');
    const session = cookieValue(setCookies(demo)['hss_session']);
    const page = await server.fetch('/?series=S1', { headers: { cookie: `hss_session=${session}` } });
    expect(page.status).toBe(200);
    const csrf = cookieValue(setCookies(page)['csrf_token']) ?? '';
    expect(csrf).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const html = await page.text();
    expect(html).toContain('Demo User');
    expect(html).toMatch(new RegExp(`name="csrf_token" value="${csrf}"`));
    const out = await server.fetch('/v2/users/@me/logout?redirect_uri=%2F', {
      method: 'POST',
      headers: {
        cookie: `hss_session=${session}; csrf_token=${csrf}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: `csrf_token=${csrf}`,
    });
    expect([out.status, out.headers.get('location')]).toEqual([303, '/']);
  });

  it('sends an accented or non-Latin-1 return address percent-encoded, on sign-in and sign-out alike', async () => {
    const target = '/teams/Ωmega?q=café ✓';
    const encoded = '/teams/%CE%A9mega?q=caf%C3%A9%20%E2%9C%93';
    const demo = await server.fetch(`/v2/auth/demo?as=user&redirect_uri=${encodeURIComponent(target)}`);
    expect([demo.status, demo.headers.get('location')]).toEqual([302, encoded]);
    const session = cookieValue(setCookies(demo)['hss_session']);
    const page = await server.fetch('/?series=S1', { headers: { cookie: `hss_session=${session}` } });
    const csrf = cookieValue(setCookies(page)['csrf_token']) ?? '';
    await page.arrayBuffer();
    const out = await server.fetch(`/v2/users/@me/logout?redirect_uri=${encodeURIComponent(target)}`, {
      method: 'POST',
      headers: {
        cookie: `hss_session=${session}; csrf_token=${csrf}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: `csrf_token=${csrf}`,
    });
    expect([out.status, out.headers.get('location')]).toEqual([303, encoded]);
    // An address already escaped is left as it is, not escaped twice.
    const escaped = await server.fetch(`/v2/auth/demo?as=user&redirect_uri=${encodeURIComponent(encoded)}`);
    expect(escaped.headers.get('location')).toBe(encoded);
  });

  it('refuses an unknown demo role and an off-site redirect with 400', async () => {
    expect((await server.fetch('/v2/auth/demo?as=root')).status).toBe(400);
    const offsite = await server.fetch('/v2/auth/demo?as=user&redirect_uri=%2F%2Fevil.example');
    expect([offsite.status, await offsite.json()]).toEqual([
      400,
      { error: "Invalid parameter 'redirect_uri': must be a path on this site", code: 'InvalidRedirect' },
    ]);
  });
});
