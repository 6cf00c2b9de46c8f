import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '#tests/helpers/database.ts';
import { startTestServer, type TestServer } from '#tests/helpers/server.ts';
import { buildReadFixture } from '#tests/helpers/read-fixtures.ts';
import { sessionFor } from '#tests/integration/auth/helpers.ts';

// The probe: signed-in pages (they carry the CSRF token) and user-specific JSON went out with no Cache-Control, so a
// shared cache could keep them; public pages had none either, so no CDN could keep them.
describe.each(engines)('Cache-Control by who asks on %s', (engine) => {
  let server: TestServer;
  let user: Record<string, string>;

  beforeAll(async () => {
    server = await startTestServer(engine, { READ_CACHE_SECONDS: '10' });
    await buildReadFixture(server.db);
    user = (await sessionFor(server.db, { discordId: '900000000000000020', admin: true })).headers;
  });
  afterAll(() => server.close());

  const pages = [
    '/?series=S1',
    '/teams?series=S1',
    '/statistics/matches?series=S1',
    '/statistics/tournaments?series=S1',
  ];

  it('lets a CDN keep public pages briefly, keyed by the cookie, the same when served from the page cache', async () => {
    for (const page of pages)
      for (const round of ['rendered', 'kept']) {
        const response = await server.fetch(page);
        await response.arrayBuffer();
        const what = `${page} ${round}`;
        expect([what, response.status]).toEqual([what, 200]);
        expect([what, response.headers.get('cache-control')]).toEqual([
          what,
          'public, max-age=0, s-maxage=10, stale-while-revalidate=60',
        ]);
        expect(response.headers.get('vary'), what).toMatch(/\bCookie\b/);
      }
  });

  it('keeps signed-in pages and user-specific JSON out of every cache', async () => {
    for (const path of [...pages, '/my-profile', '/v2/users/@me', '/v2/team-requests', '/v3/audit-log']) {
      const response = await server.fetch(path, { headers: user });
      const text = await response.text();
      expect([path, response.status < 400, response.headers.get('cache-control')], text.slice(0, 200)).toEqual([
        path,
        true,
        'private, no-store',
      ]);
      expect(response.headers.get('vary'), path).toMatch(/\bCookie\b/);
    }
  });

  it('answers a read that depends on the caller privately, and a public one publicly', async () => {
    const anonymous = await server.fetch('/v3/series/S1/teams');
    expect(anonymous.headers.get('cache-control')).toMatch(/^public\b/);
    const personal = await server.fetch('/v3/series/S1/teams/ALPHA/private-matches', { headers: user });
    expect([personal.status, personal.headers.get('cache-control')]).toEqual([200, 'private, no-store']);
    expect(personal.headers.get('vary')).toMatch(/\bCookie\b/);
  });
});
