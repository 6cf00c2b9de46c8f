import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '#tests/helpers/database.ts';
import { startTestServer, type TestServer } from '#tests/helpers/server.ts';
import { hashSecret } from '#lib/server/auth/tokens.ts';
import { meSchema } from '#lib/schemas/user.ts';
import { startFakeDiscord, type FakeAccount } from '#tests/fake-discord/server.ts';
import { cookieValue, insertTeam, setCookies } from './helpers.ts';

// Configuration is read once per process: one fake Discord serves both engines' servers.
const fake = await startFakeDiscord();
const ADMIN_ID = '300000000000000001';
const env = {
  DISCORD_CLIENT_ID: fake.clientId,
  DISCORD_CLIENT_SECRET: fake.clientSecret,
  DISCORD_GUILD_ID: fake.guildId,
  DISCORD_OAUTH_URL: `${fake.url}/oauth2/authorize`,
  DISCORD_API_URL: `${fake.url}/api`,
  ADMIN_DISCORD_IDS: ADMIN_ID,
  PUBLIC_URL: 'https://hss.example.org',
  SESSION_DAYS: '7',
};
afterAll(() => fake.close());

describe.each(engines)('sign-in with Discord on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, env);
    fake.refusals.length = 0;
    await insertTeam(server.db, 'ALPHA', { discord_role_id: '900000000000000001' });
    await insertTeam(server.db, 'BRAVO', { discord_role_id: '900000000000000002' });
  });
  afterAll(() => server.close());

  /** Starts a sign-in and returns the authorize URL the browser is sent to. */
  async function start(redirect: string): Promise<string> {
    const response = await server.fetch(`/v2/auth/discord/login?redirect_uri=${encodeURIComponent(redirect)}`);
    expect(response.status).toBe(302);
    return response.headers.get('location') ?? '';
  }

  /** The whole round trip: login -> Discord consent -> callback; returns the callback response. */
  async function signIn(account: FakeAccount, redirect = '/teams?series=S1'): Promise<Response> {
    const { code, state } = fake.authorize(await start(redirect), account);
    return server.fetch(`/v2/auth/discord/callback?code=${code}&state=${encodeURIComponent(state)}`);
  }

  const me = async (response: Response) => {
    const token = cookieValue(setCookies(response)['hss_session']);
    const answer = await server.fetch('/v2/users/@me', { headers: { cookie: `hss_session=${token}` } });
    expect(answer.status).toBe(200);
    return meSchema.parse(await answer.json());
  };

  it('sends the browser to Discord with PKCE S256, the scopes and the registered callback', async () => {
    const location = new URL(await start('/teams'));
    expect(location.origin + location.pathname).toBe(`${fake.url}/oauth2/authorize`);
    const params = Object.fromEntries(location.searchParams);
    expect(params).toMatchObject({
      response_type: 'code',
      client_id: fake.clientId,
      scope: 'identify guilds.members.read',
      redirect_uri: 'https://hss.example.org/v2/auth/discord/callback',
      code_challenge_method: 'S256',
    });
    expect(params['state']).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(params['code_challenge']).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await server.db
      .selectFrom('oauth_states')
      .selectAll()
      .where('state_hash', '=', hashSecret(params['state']!))
      .executeTakeFirstOrThrow();
    expect(stored.redirect_uri).toBe('/teams');
    const ttl = stored.expires_at.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(10 * 60_000);
  });

  it('signs in: session cookie flags, only the token hash stored, back to redirect_uri, /v2/users/@me', async () => {
    const response = await signIn({ id: ADMIN_ID, username: 'boss', roles: ['900000000000000001', '123'] });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/teams?series=S1');
    const line = setCookies(response)['hss_session'] ?? '';
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/Secure/i);
    expect(line).toMatch(/SameSite=Lax/i);
    expect(line).toMatch(/Path=\//);
    const expires = new Date(/Expires=([^;]+)/i.exec(line)?.[1] ?? '').getTime();
    expect(Math.abs(expires - (Date.now() + 7 * 86_400_000))).toBeLessThan(60_000);
    const token = cookieValue(line) ?? '';
    const user = await server.db
      .selectFrom('users')
      .select('id')
      .where('discord_id', '=', ADMIN_ID)
      .executeTakeFirstOrThrow();
    const sessions = await server.db
      .selectFrom('sessions')
      .select('token_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(sessions).toEqual([{ token_hash: hashSecret(token) }]);
    expect(await me(response)).toEqual({
      name: 'boss',
      roles: ['ADMIN', 'USER', 'TEAM_MANAGER'],
      my_teams: ['ALPHA'],
      my_steam_ids: [],
    });
    expect(fake.refusals).toEqual([]);
  });

  it('refreshes Discord-role managers on every sign-in and keeps granted ones', async () => {
    const account = { id: '300000000000000002', username: 'mgr', roles: ['900000000000000001'] };
    expect((await me(await signIn(account))).my_teams).toEqual(['ALPHA']);
    const first = await me(await signIn({ ...account, roles: ['900000000000000002'] }));
    expect(first).toEqual({ name: 'mgr', roles: ['USER', 'TEAM_MANAGER'], my_teams: ['BRAVO'], my_steam_ids: [] });
    const user = await server.db
      .selectFrom('users')
      .select('id')
      .where('discord_id', '=', account.id)
      .executeTakeFirstOrThrow();
    const alpha = await server.db.selectFrom('teams').select('id').where('tag', '=', 'ALPHA').executeTakeFirstOrThrow();
    await server.db
      .insertInto('team_managers')
      .values({ user_id: user.id, team_id: alpha.id, source: 'grant' })
      .execute();
    const outside = await me(await signIn({ ...account, roles: null }));
    expect(outside).toEqual({ name: 'mgr', roles: ['USER', 'TEAM_MANAGER'], my_teams: ['ALPHA'], my_steam_ids: [] });
  });

  it('returns to the site with login_error for an unknown or reused state', async () => {
    const bogus = await server.fetch('/v2/auth/discord/callback?code=x&state=not-a-state');
    expect(bogus.status).toBe(302);
    expect(new URL(bogus.headers.get('location') ?? '', 'http://x').searchParams.get('login_error')).toBe(
      'invalid-state',
    );
    expect(setCookies(bogus)['hss_session']).toBeUndefined();
    const { code, state } = fake.authorize(await start('/'), { id: '300000000000000003', username: 'u', roles: [] });
    expect((await server.fetch(`/v2/auth/discord/callback?code=${code}&state=${state}`)).headers.get('location')).toBe(
      '/',
    );
    const replay = await server.fetch(`/v2/auth/discord/callback?code=${code}&state=${state}`);
    expect(replay.headers.get('location')).toBe('/?login_error=invalid-state');
  });

  it('returns to redirect_uri with login_error when the user denies access', async () => {
    const state = new URL(await start('/matches?page=2')).searchParams.get('state') ?? '';
    const response = await server.fetch(`/v2/auth/discord/callback?error=access_denied&state=${state}`);
    const location = new URL(response.headers.get('location') ?? '', 'http://x');
    expect(location.pathname).toBe('/matches');
    expect(location.searchParams.get('page')).toBe('2');
    expect(location.searchParams.get('login_error')).toBe('denied');
    expect(setCookies(response)['hss_session']).toBeUndefined();
  });

  it('returns with login_error when the token exchange fails or the code is wrong', async () => {
    fake.failTokens = true;
    try {
      const response = await signIn({ id: '300000000000000004', username: 'x', roles: [] }, '/');
      const location = new URL(response.headers.get('location') ?? '', 'http://x');
      expect([location.pathname, location.searchParams.get('login_error')]).toEqual(['/', 'discord-failed']);
      expect(setCookies(response)['hss_session']).toBeUndefined();
    } finally {
      fake.failTokens = false;
    }
    const state = new URL(await start('/')).searchParams.get('state') ?? '';
    const wrongCode = await server.fetch(`/v2/auth/discord/callback?code=forged&state=${state}`);
    expect(new URL(wrongCode.headers.get('location') ?? '', 'http://x').searchParams.get('login_error')).toBe(
      'discord-failed',
    );
    expect(fake.refusals).toContain('code');
    expect(
      await server.db.selectFrom('users').select('id').where('discord_id', '=', '300000000000000004').execute(),
    ).toEqual([]);
  });

  it.each(['https://evil.example/', '//evil.example/x', '/\\evil.example', '\\\\evil.example', 'javascript:alert(1)'])(
    'refuses the off-site redirect_uri %s with 400',
    async (target) => {
      const response = await server.fetch(`/v2/auth/discord/login?redirect_uri=${encodeURIComponent(target)}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        error: "Invalid parameter 'redirect_uri': must be a path on this site",
        code: 'InvalidRedirect',
      });
    },
  );

  it('keeps demo sign-in off when Discord is configured', async () => {
    expect((await server.fetch('/v2/auth/demo?as=admin')).status).toBe(404);
  });
});
