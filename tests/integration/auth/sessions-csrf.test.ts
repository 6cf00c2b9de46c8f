import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '#tests/helpers/database.ts';
import { startTestServer, type TestServer } from '#tests/helpers/server.ts';
import { createSeries } from '#lib/server/services/series.ts';
import { hashSecret } from '#lib/server/auth/tokens.ts';
import { meSchema, meTeamSchema } from '#lib/schemas/user.ts';
import { apiKeyFor, insertMatch, insertPlayer, insertTeam, sessionFor, setCookies } from './helpers.ts';

describe.each(engines)('sessions and CSRF on %s', (engine) => {
  let server: TestServer;
  let teamA: number;
  let keyA: string;
  let matchId: number;
  beforeAll(async () => {
    server = await startTestServer(engine);
    const series = await createSeries(server.db, { tag: 'S1', name: 'Season 1' });
    const seriesRow = await server.db
      .selectFrom('series')
      .select('id')
      .where('tag', '=', series.tag)
      .executeTakeFirstOrThrow();
    teamA = await insertTeam(server.db, 'ALPHA');
    const teamB = await insertTeam(server.db, 'BRAVO');
    keyA = await apiKeyFor(server.db, teamA);
    matchId = await insertMatch(server.db, {
      seriesId: seriesRow.id,
      winner: { id: teamA, tag: 'ALPHA' },
      loser: { id: teamB, tag: 'BRAVO' },
      submittedBy: teamB,
      status: 'pending',
    });
    await insertPlayer(server.db, '76561198000000001');
  });
  afterAll(() => server.close());

  it('sets no cookie on public, cacheable API reads so that shared caches can keep them', async () => {
    const response = await server.fetch('/v3/series');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toMatch(/public/);
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it('sets a readable csrf_token cookie (SameSite=Lax, Path=/, not HttpOnly) when the browser has none', async () => {
    const response = await server.fetch('/v2/users/@me');
    expect(response.status).toBe(401);
    const line = setCookies(response)['csrf_token'] ?? '';
    expect(line).toMatch(/^csrf_token=[A-Za-z0-9_-]{20,}/);
    expect(line).toMatch(/SameSite=Lax/i);
    expect(line).toMatch(/Path=\//);
    expect(line).not.toMatch(/HttpOnly/i);
    expect(line).not.toMatch(/Secure/i);
    const again = await server.fetch('/v2/users/@me', { headers: { cookie: 'csrf_token=abcdefghijklmnopqrstuvwxyz' } });
    expect(setCookies(again)['csrf_token']).toBeUndefined();
  });

  it('answers the user for a session, the team for an API key, 401 otherwise', async () => {
    const user = await sessionFor(server.db, { discordId: '100000000000000001', name: 'Alice', manages: [teamA] });
    const me = await server.fetch('/v2/users/@me', { headers: user.headers });
    expect(me.status).toBe(200);
    expect(meSchema.parse(await me.json())).toEqual({
      name: 'Alice',
      roles: ['USER', 'TEAM_MANAGER'],
      my_teams: ['ALPHA'],
      my_steam_ids: [],
    });
    const key = await server.fetch('/v2/users/@me', { headers: { authorization: `Bearer ${keyA}` } });
    expect(meTeamSchema.parse(await key.json())).toEqual({ tag: 'ALPHA', name: 'Team ALPHA' });
    const unknown = await server.fetch('/v2/users/@me', { headers: { authorization: 'Bearer hss_unknown' } });
    expect([unknown.status, await unknown.json()]).toEqual([401, { error: 'You must be signed in to do this' }]);
  });

  it('refuses a session request without the CSRF header or with another value (403), accepts the matching one', async () => {
    const user = await sessionFor(server.db, { discordId: '100000000000000002' });
    const body = JSON.stringify({ steam_id: '76561198000000001' });
    const post = (headers: Record<string, string>) =>
      server.fetch('/v2/users/@me/claims', {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json', ...headers },
      });
    const missing = await post({ cookie: user.headers['cookie']! });
    expect(missing.status).toBe(403);
    expect(((await missing.json()) as { error: string }).error).toMatch(/Missing CSRF token/);
    const wrong = await post({ ...user.headers, 'x-csrf-token': 'not-the-cookie-value-000000' });
    expect(wrong.status).toBe(403);
    expect(((await wrong.json()) as { error: string }).error).toMatch(/CSRF token mismatch/);
    const noCookie = await post({ cookie: `hss_session=${user.token}`, 'x-csrf-token': 'abcdefghijklmnopqrstuvwxyz' });
    expect(noCookie.status).toBe(403);
    expect(await server.db.selectFrom('profile_claims').selectAll().execute()).toEqual([]);
    const ok = await post(user.headers);
    expect([ok.status, await ok.json()]).toEqual([201, { steam_id: '76561198000000001', visibility: 'public' }]);
  });

  it('exempts API keys and anonymous requests from the CSRF check', async () => {
    const streams = JSON.stringify({ streams: { caster: 'https://twitch.tv/caster' } });
    const byKey = await server.fetch(`/v3/series/S1/matches/${matchId}`, {
      method: 'PATCH',
      body: streams,
      headers: { authorization: `Bearer ${keyA}`, 'content-type': 'application/json' },
    });
    expect(byKey.status).toBe(204);
    const row = await server.db
      .selectFrom('matches')
      .select('streams')
      .where('id', '=', matchId)
      .executeTakeFirstOrThrow();
    expect(row.streams).toEqual({ caster: 'https://twitch.tv/caster' });
    const anonymous = await server.fetch(`/v3/series/S1/matches/${matchId}`, { method: 'PATCH', body: streams });
    expect(anonymous.status).toBe(401);
  });

  it('treats an expired session as signed out', async () => {
    const user = await sessionFor(server.db, { discordId: '100000000000000003' });
    expect((await server.fetch('/v2/users/@me', { headers: user.headers })).status).toBe(200);
    await server.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', hashSecret(user.token))
      .execute();
    expect((await server.fetch('/v2/users/@me', { headers: user.headers })).status).toBe(401);
  });

  it('logs out: deletes the session, clears the cookie, 204 (API) or 303 back (form post with csrf_token field)', async () => {
    const api = await sessionFor(server.db, { discordId: '100000000000000004' });
    const out = await server.fetch('/v2/users/@me/logout', { method: 'POST', headers: api.headers });
    expect(out.status).toBe(204);
    expect(setCookies(out)['hss_session']).toMatch(/^hss_session=(deleted)?;.*Expires=Thu, 01 Jan 1970/i);
    expect(await server.db.selectFrom('sessions').select('id').where('user_id', '=', api.userId).execute()).toEqual([]);
    expect((await server.fetch('/v2/users/@me', { headers: api.headers })).status).toBe(401);

    const form = await sessionFor(server.db, { discordId: '100000000000000005' });
    const csrf = form.headers['x-csrf-token']!;
    const refused = await server.fetch('/v2/users/@me/logout?redirect_uri=%2Fteams', {
      method: 'POST',
      headers: { cookie: form.headers['cookie']!, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'csrf_token=wrong',
    });
    expect(refused.status).toBe(403);
    const posted = await server.fetch('/v2/users/@me/logout?redirect_uri=%2Fteams%3Fseries%3DS1', {
      method: 'POST',
      headers: { cookie: form.headers['cookie']!, 'content-type': 'application/x-www-form-urlencoded' },
      body: `csrf_token=${csrf}`,
    });
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe('/teams?series=S1');
    expect(await server.db.selectFrom('sessions').select('id').where('user_id', '=', form.userId).execute()).toEqual(
      [],
    );
    const offsite = await server.fetch('/v2/users/@me/logout?redirect_uri=%2F%2Fevil.example', { method: 'POST' });
    expect(offsite.status).toBe(204);
  });
});
