import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '#tests/helpers/database.ts';
import { startTestServer, type TestServer } from '#tests/helpers/server.ts';
import { createSeries } from '#lib/server/services/series.ts';
import { seriesListSchema, seriesSchema } from '#lib/schemas/series.ts';

describe.each(engines)('series API on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
    await createSeries(server.db, { tag: 'S1', name: 'Season 1' });
    await createSeries(server.db, { tag: 'S2', name: 'Season 2', current: true });
  });
  afterAll(() => server.close());

  it('lists every series with the current flag', async () => {
    const response = await server.fetch('/v3/series');
    expect(response.status).toBe(200);
    const body = seriesListSchema.parse(await response.json());
    expect(body.map((s) => [s.tag, s.current]).sort()).toEqual([
      ['S1', false],
      ['S2', true],
    ]);
  });

  it('answers one series by tag, case-insensitively', async () => {
    const response = await server.fetch('/v3/series/s1');
    expect(response.status).toBe(200);
    expect(seriesSchema.parse(await response.json())).toEqual({ tag: 'S1', name: 'Season 1', current: false });
  });

  it('sends an ETag with public caching and answers 304 to If-None-Match', async () => {
    const first = await server.fetch('/v3/series');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers.get('cache-control')).toMatch(/^public, max-age=\d+, stale-while-revalidate=\d+$/);
    const again = await server.fetch('/v3/series', { headers: { 'if-none-match': etag ?? '' } });
    expect(again.status).toBe(304);
  });

  it('answers 404 with an error naming an unknown series', async () => {
    const response = await server.fetch('/v3/series/NOPE');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "Series 'NOPE' does not exist", code: 'SeriesNotFound' });
  });

  it('redirects a page without a series parameter to the current series', async () => {
    const response = await server.fetch('/?foo=1');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/?foo=1&series=S2');
  });
});
