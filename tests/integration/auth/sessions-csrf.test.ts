import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '#tests/helpers/database.ts';
import { startTestServer, type TestServer } from '#tests/helpers/server.ts';
import { createSeries } from '#lib/server/services/series.ts';
import { hashSecret } from '#lib/server/auth/tokens.ts';
import { meSchema, meTeamSchema } from '#lib/schemas/user.ts';
import { csrfTokenFor } from '#lib/server/auth/csrf-token.ts';
import { messages } from '#lib/server/core/messages.ts';
import { findTeamByApiKeyHash, KEY_USE_RECORDED_EVERY_MS } from '#lib/server/repositories/actors.ts';
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

  it('hands a session its CSRF token in a readable csrf_token cookie, and anonymous visitors none', async () => {
    const anonymous = await server.fetch('/v2/users/@me');
    expect(anonymous.status).toBe(401);
    expect(setCookies(anonymous)['csrf_token']).toBeUndefined();
    const user = await sessionFor(server.db, { discordId: '100000000000000009' });
    const response = await server.fetch('/v2/users/@me', { headers: { cookie: `hss_session=${user.token}` } });
    expect(response.status).toBe(200);
    const line = setCookies(response)['csrf_token'] ?? '';
    expect(line).toMatch(new RegExp(`^csrf_token=${user.headers['x-csrf-token']};`));
    expect(user.headers['x-csrf-token']).toBe(csrfTokenFor(user.token));
    expect(line).toMatch(/SameSite=Lax/i);
    expect(line).toMatch(/Path=\//);
    expect(line).not.toMatch(/HttpOnly/i);
    expect(line).not.toMatch(/Secure/i);
    const again = await server.fetch('/v2/users/@me', { headers: user.headers });
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
    expect([unknown.status, await unknown.json()]).toEqual([
      401,
      { error: 'You must be signed in to do this', code: 'SignInRequired' },
    ]);
  });

  it("records a key's last use at most once a minute, so that a team's requests do not each write", async () => {
    const team = await insertTeam(server.db, 'KEYS');
    const key = await apiKeyFor(server.db, team);
    const lastUse = async () =>
      (
        await server.db
          .selectFrom('team_api_keys')
          .select('last_used_at')
          .where('key_hash', '=', hashSecret(key))
          .executeTakeFirstOrThrow()
      ).last_used_at?.toISOString();
    const first = new Date('2026-05-01T12:00:00Z');
    const at = (ms: number) => new Date(first.getTime() + ms);
    expect(await findTeamByApiKeyHash(server.db, hashSecret(key), first)).toEqual({ id: team, tag: 'KEYS' });
    expect(await lastUse()).toBe(first.toISOString());
    await findTeamByApiKeyHash(server.db, hashSecret(key), at(KEY_USE_RECORDED_EVERY_MS - 1000));
    expect(await lastUse()).toBe(first.toISOString());
    await findTeamByApiKeyHash(server.db, hashSecret(key), at(KEY_USE_RECORDED_EVERY_MS));
    expect(await lastUse()).toBe(at(KEY_USE_RECORDED_EVERY_MS).toISOString());
    // An unknown key records nothing and finds no team.
    expect(await findTeamByApiKeyHash(server.db, hashSecret('hss_unknown'), at(10 * KEY_USE_RECORDED_EVERY_MS))).toBe(
      undefined,
    );
  });

  it('refuses a session request without the CSRF header or with another token (403), accepts its own', async () => {
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
    const other = await sessionFor(server.db, { discordId: '100000000000000012' });
    const othersToken = await post({
      cookie: `hss_session=${user.token}`,
      'x-csrf-token': other.headers['x-csrf-token']!,
    });
    expect(othersToken.status).toBe(403);
    expect(await server.db.selectFrom('profile_claims').selectAll().execute()).toEqual([]);
    // Only the header counts: a request without the CSRF cookie is fine.
    const ok = await post({ cookie: `hss_session=${user.token}`, 'x-csrf-token': user.headers['x-csrf-token']! });
    expect([ok.status, await ok.json()]).toEqual([
      201,
      { steam_id: '76561198000000001', visibility: 'public', status: 'pending' },
    ]);
  });

  // The probe: `Cookie: csrf_token=x` + `X-CSRF-Token: x` created a team request (double submit accepted any pair).
  it('refuses a planted cookie/header pair that is not the token of the session', async () => {
    const user = await sessionFor(server.db, { discordId: '100000000000000010' });
    const planted = await server.fetch('/v2/team-requests', {
      method: 'POST',
      body: JSON.stringify({ name: 'Planted', tag: 'PLANT' }),
      headers: {
        'content-type': 'application/json',
        cookie: `hss_session=${user.token}; csrf_token=x`,
        'x-csrf-token': 'x',
      },
    });
    expect([planted.status, await planted.json()]).toEqual([
      403,
      { error: messages.csrfMismatch, code: 'CsrfMismatch' },
    ]);
    const form = await server.fetch('/v2/users/@me/logout', {
      method: 'POST',
      headers: {
        cookie: `hss_session=${user.token}; csrf_token=x`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'csrf_token=x',
    });
    expect(form.status).toBe(403);
    expect(await server.db.selectFrom('team_registration_requests').select('id').execute()).toEqual([]);
    expect(
      await server.db.selectFrom('sessions').select('id').where('user_id', '=', user.userId).execute(),
    ).toHaveLength(1);
  });

  // The probe: a valid token with `Origin: https://evil.example` and `Sec-Fetch-Site: cross-site` passed.
  it('refuses state changes another site makes (Origin, Sec-Fetch-Site), whatever the token', async () => {
    const user = await sessionFor(server.db, { discordId: '100000000000000011' });
    const request = (headers: Record<string, string>, tag: string) =>
      server.fetch('/v2/team-requests', {
        method: 'POST',
        body: JSON.stringify({ name: `Team ${tag}`, tag }),
        headers: { 'content-type': 'application/json', ...user.headers, ...headers },
      });
    for (const headers of [
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { origin: server.baseUrl.replace('127.0.0.1', 'localhost') },
    ]) {
      const refused = await request(headers, 'EVIL');
      expect([JSON.stringify(headers), refused.status, await refused.json()]).toEqual([
        JSON.stringify(headers),
        403,
        { error: messages.crossSiteRefused, code: 'CrossSiteRefused' },
      ]);
    }
    // Signed out too: the refusal does not depend on who is calling.
    const logout = await server.fetch('/v2/users/@me/logout', {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
    });
    expect(logout.status).toBe(403);
    expect(await server.db.selectFrom('team_registration_requests').select('id').execute()).toEqual([]);
    const own = await request({ origin: server.baseUrl, 'sec-fetch-site': 'same-origin' }, 'OWN');
    expect(own.status).toBe(201);
  });

  it('lets team API keys through from anywhere (programs, not browsers)', async () => {
    const response = await server.fetch(`/v3/series/S1/matches/${matchId}`, {
      method: 'PATCH',
      body: JSON.stringify({ streams: {} }),
      headers: {
        authorization: `Bearer ${keyA}`,
        'content-type': 'application/json',
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
      },
    });
    expect(response.status).toBe(204);
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
