import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '#tests/helpers/database.ts';
import { startTestServer, type TestServer } from '#tests/helpers/server.ts';
import { createSeries } from '#lib/server/services/series.ts';
import { csrfTokenFor } from '#lib/server/auth/csrf-token.ts';
import { sessionFor, setCookies } from '#tests/integration/auth/helpers.ts';

// The production setup of docs/operations.md: TLS ends in a reverse proxy, the site listens on loopback behind an https PUBLIC_URL.
describe.each(engines)('behind an https PUBLIC_URL on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, { HOST: '127.0.0.1', PUBLIC_URL: 'https://stats.example.org' });
    await createSeries(server.db, { tag: 'S1', name: 'Season 1' });
  });
  afterAll(() => server.close());

  it('names the CSRF cookie __Host-csrf (Secure, Path=/, host-only, readable) and accepts its token', async () => {
    const user = await sessionFor(server.db, { discordId: '300000000000000001' });
    const me = await server.fetch('/v2/users/@me', { headers: { cookie: `hss_session=${user.token}` } });
    expect(me.status).toBe(200);
    const cookies = setCookies(me);
    expect(cookies['csrf_token']).toBeUndefined();
    const line = cookies['__Host-csrf'] ?? '';
    expect(line).toMatch(new RegExp(`^__Host-csrf=${csrfTokenFor(user.token)};`));
    expect(line).toMatch(/; Secure/i);
    expect(line).toMatch(/; Path=\/(;|$)/);
    expect(line).not.toMatch(/Domain=|HttpOnly/i);
    const request = await server.fetch('/v2/team-requests', {
      method: 'POST',
      body: JSON.stringify({ name: 'Secure Team', tag: 'SEC' }),
      headers: {
        'content-type': 'application/json',
        cookie: `hss_session=${user.token}; __Host-csrf=${csrfTokenFor(user.token)}`,
        'x-csrf-token': csrfTokenFor(user.token),
        origin: 'https://stats.example.org',
        'sec-fetch-site': 'same-origin',
      },
    });
    expect(request.status).toBe(201);
    const out = await server.fetch('/v2/users/@me/logout', { method: 'POST', headers: user.headers });
    expect(out.status).toBe(204);
    expect(setCookies(out)['__Host-csrf']).toMatch(/^__Host-csrf=(deleted)?;.*Expires=Thu, 01 Jan 1970/i);
    expect(setCookies(out)['hss_session']).toMatch(/Secure/i);
  });

  it('sends Strict-Transport-Security on every answer (pages, files, API, refusals)', async () => {
    for (const target of ['/?series=S1', '/favicon.svg', '/v3/series', '/v3/no-such-call', '/no-such-page']) {
      const response = await server.fetch(target);
      expect([target, response.headers.get('strict-transport-security')]).toEqual([target, 'max-age=31536000']);
    }
  });

  it('refuses a write from the plain-http twin of the public address', async () => {
    const user = await sessionFor(server.db, { discordId: '300000000000000002' });
    const response = await server.fetch('/v2/team-requests', {
      method: 'POST',
      body: JSON.stringify({ name: 'Downgraded', tag: 'HTTP' }),
      headers: { 'content-type': 'application/json', ...user.headers, origin: 'http://stats.example.org' },
    });
    expect(response.status).toBe(403);
  });
});
