import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '#tests/helpers/server.ts';
import { buildReadFixture } from '#tests/helpers/read-fixtures.ts';
import { sessionFor } from '#tests/integration/auth/helpers.ts';
import { frontCacheKey } from '#lib/server/http/caches/front-cache.ts';
import { REFRESH_MS } from '#lib/server/http/caches/change-cache.ts';

describe('rendered-page cache for visitors without cookies', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', { READ_CACHE_SECONDS: '60' });
    await buildReadFixture(server.db);
  });
  afterAll(() => server.close());

  const page = async (pathname: string, headers: Record<string, string> = {}) => {
    const response = await server.fetch(pathname, { headers });
    return {
      status: response.status,
      cache: response.headers.get('x-page-cache'),
      response,
      html: await response.text(),
    };
  };

  it('renders a page once, then answers it from memory with the same bytes and headers', async () => {
    const first = await page('/teams?series=S1');
    expect([first.status, first.cache]).toEqual([200, 'miss']);
    const second = await page('/teams?series=S1');
    expect([second.status, second.cache]).toEqual([200, 'hit']);
    expect(second.html).toBe(first.html);
    // Hits are answered by the site server before Astro runs: with the very headers of the rendered page.
    const comparable = (response: Response) =>
      [...response.headers].filter(
        ([name]) =>
          !['x-page-cache', 'date', 'keep-alive', 'connection', 'content-length', 'transfer-encoding'].includes(name),
      );
    expect(comparable(second.response)).toEqual(comparable(first.response));
    expect(second.response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    // Another address is another page.
    expect((await page('/teams?series=S1&view=cards')).cache).toBe('miss');
  });

  it('finds a page whatever the encoding of its address, as the pages see it', async () => {
    expect((await page('/teams/ALPHA?series=S1')).cache).toBe('miss');
    const encoded = await page('/teams/%41LPHA?series=S1');
    expect([encoded.status, encoded.cache]).toEqual([200, 'hit']);
    expect(frontCacheKey('/teams/%5BA%5D?series=S1')).toBe('/teams/[A]?series=S1');
    expect(frontCacheKey('//teams//x?series=S1')).toBe('/teams/x?series=S1');
    expect(frontCacheKey('/teams?q=%41')).toBe('/teams?q=%41');
  });

  it('renders a page once for a burst of visitors asking at the same time', async () => {
    const burst = await Promise.all(Array.from({ length: 6 }, () => page('/teams?series=S1&burst=1')));
    expect(burst.map((answer) => answer.cache).sort()).toEqual(['hit', 'hit', 'hit', 'hit', 'hit', 'miss']);
    expect(new Set(burst.map((answer) => answer.html)).size).toBe(1);
  });

  it('answers a reload naming the ETag 304, and a hit compressed as the client accepts', async () => {
    const first = await page('/teams?series=S1');
    const etag = first.response.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    const reload = await page('/teams?series=S1', { 'if-none-match': etag! });
    expect([reload.status, reload.html]).toEqual([304, '']);
    expect(reload.response.headers.get('etag')).toBe(etag);
    expect((await page('/teams?series=S1', { 'if-none-match': '"other"' })).status).toBe(200);
    // fetch decodes the body: the same page arrives whatever the encoding.
    for (const encoding of ['br', 'gzip']) {
      const compressed = await page('/teams?series=S1', { 'accept-encoding': encoding });
      expect(compressed.response.headers.get('content-encoding')).toBe(encoding);
      expect(compressed.response.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(compressed.html).toBe(first.html);
    }
  });

  it('keeps the series redirect, never pages for visitors with a cookie, and no error', async () => {
    const admin = await sessionFor(server.db, { discordId: '900000000000000001', admin: true });
    const signedIn = await page('/teams?series=S1', { cookie: admin.headers.cookie! });
    expect(signedIn.cache).toBeNull();
    expect(signedIn.html).toContain(`User 900000000000000001`);
    expect((await page('/teams?series=S1')).html).not.toContain('User 900000000000000001');
    const redirect = await page('/teams');
    expect([redirect.status, redirect.cache]).toEqual([302, 'miss']);
    const again = await page('/teams');
    expect([again.status, again.cache]).toEqual([302, 'hit']);
    expect(again.response.headers.get('location')).toBe(redirect.response.headers.get('location'));
    const missing = await page('/teams/NOPE?series=S1');
    expect([missing.status, missing.cache]).toEqual([404, null]);
    expect((await page('/teams/NOPE?series=S1')).cache).toBeNull();
  });

  it('drops every kept page when data changes through the site', async () => {
    expect((await page('/teams?series=S1')).cache).toBe('hit');
    const admin = await sessionFor(server.db, { discordId: '900000000000000002', admin: true });
    const created = await server.fetch('/v3/series/S1/teams', {
      method: 'POST',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ tag: 'NEWCO', name: 'New Company' }),
    });
    expect(created.status).toBeLessThan(300);
    // Visitors without cookies may be given the page kept before the change until it is REFRESH_MS old
    // (change-cache.ts); the page asked for above may be younger than that.
    await new Promise((resolve) => setTimeout(resolve, REFRESH_MS));
    const after = await page('/teams?series=S1');
    expect(after.cache).toBe('miss');
    expect(after.html).toContain('NEWCO');
  });
});
