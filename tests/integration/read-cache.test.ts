import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '#tests/helpers/database.ts';
import { startTestServer, type TestServer } from '#tests/helpers/server.ts';
import { createSeries } from '#lib/server/services/series.ts';
import { createTeam } from '#lib/server/services/teams-write.ts';
import { cliActor } from '#lib/server/auth/actor.ts';
import { REFRESH_MS } from '#lib/server/http/caches/change-cache.ts';
import { sessionFor } from './auth/helpers.ts';

async function teamNames(server: TestServer, headers: Record<string, string> = {}): Promise<string[]> {
  const response = await server.fetch('/v3/series/S1/teams', { headers });
  expect(response.status).toBe(200);
  return ((await response.json()) as { name: string }[]).map((t) => t.name).sort();
}

describe.each(engines)('public read cache on %s', (engine) => {
  let server: TestServer;
  let admin: Awaited<ReturnType<typeof sessionFor>>;
  beforeAll(async () => {
    server = await startTestServer(engine, { READ_CACHE_SECONDS: '60' });
    await createSeries(server.db, { tag: 'S1', name: 'Season 1', current: true });
    await createTeam(server.db, cliActor, { tag: 'ALPHA', name: 'Alpha', seriesTag: 'S1' });
    admin = await sessionFor(server.db, {
      discordId: engine === 'pglite' ? '710000000000000001' : '710000000000000002',
      admin: true,
    });
  });
  afterAll(() => server.close());

  it('serves a public answer from memory until the site changes data', async () => {
    expect(await teamNames(server)).toEqual(['Alpha']);
    // A write behind the server's back (as another process would make) is not seen while the answer is fresh.
    await createTeam(server.db, cliActor, { tag: 'BRAVO', name: 'Bravo', seriesTag: 'S1' });
    expect(await teamNames(server)).toEqual(['Alpha']);
    // A change made through the site drops every cached answer at once.
    const patched = await server.fetch('/v3/series/S1/teams/ALPHA', {
      method: 'PATCH',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Alpha Company' }),
    });
    expect(patched.status).toBeLessThan(300);
    // A visitor without credentials may still be given the answer from before the change while it is younger than
    // REFRESH_MS (change-cache.ts); a caller with credentials, who may have made the change, sees it at once.
    const signedIn = { cookie: admin.headers.cookie! };
    expect(await teamNames(server, signedIn)).toEqual(['Alpha Company', 'Bravo']);
    expect(await teamNames(server)).toEqual(['Alpha Company', 'Bravo']);
    const renamed = await server.fetch('/v3/series/S1/teams/BRAVO', {
      method: 'PATCH',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bravo Company' }),
    });
    expect(renamed.status).toBeLessThan(300);
    await new Promise((resolve) => setTimeout(resolve, REFRESH_MS));
    expect(await teamNames(server)).toEqual(['Alpha Company', 'Bravo Company']);
  });

  it('keeps ETag revalidation on cached answers', async () => {
    const first = await server.fetch('/v3/series/S1/teams');
    const etag = first.headers.get('etag') ?? '';
    expect(first.headers.get('x-total-count')).toBe('2');
    const again = await server.fetch('/v3/series/S1/teams', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('answers a kept public read with the same bytes and headers to visitors and signed-in callers alike', async () => {
    const framing = ['date', 'keep-alive', 'connection', 'content-length', 'transfer-encoding'];
    const read = async (headers: Record<string, string> = {}) => {
      const response = await server.fetch('/v3/series/S1/teams?limit=5', { headers });
      return {
        body: await response.text(),
        headers: [...response.headers].filter(([name]) => !framing.includes(name) && name !== 'set-cookie'),
      };
    };
    const first = await read();
    // Kept now: answered by the site server before Astro runs, which must change nothing a client sees.
    const again = await read();
    expect(again).toEqual(first);
    expect(await read({ cookie: admin.headers.cookie! })).toEqual(first);
    expect((await read({ 'accept-encoding': 'identity' })).body).toBe(first.body);
  });

  it('keeps answers across refused changes and never keeps an error answer', async () => {
    const before = await teamNames(server);
    const refused = await server.fetch('/v3/series/S1/teams/ALPHA', {
      method: 'PATCH',
      body: JSON.stringify({ name: 'x' }),
    });
    expect(refused.status).toBe(401);
    expect(await teamNames(server)).toEqual(before);
    expect((await server.fetch('/v3/series/S1/teams/NOPE')).status).toBe(404);
    await createTeam(server.db, cliActor, { tag: 'NOPE', name: 'Nope', seriesTag: 'S1' });
    // The 404 was not cached: the team is found now.
    expect((await server.fetch('/v3/series/S1/teams/NOPE')).status).toBe(200);
  });
});
