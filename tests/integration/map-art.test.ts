import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '#tests/helpers/server.ts';
import { buildReadFixture } from '#tests/helpers/read-fixtures.ts';
import { bannerPath, bannerVariants, tacticalMapIds, tacticalPath } from '#lib/map-art/catalogue.ts';
import { matchListSchema } from '#lib/schemas/index.ts';

// The art does not touch the database: one engine is enough.
describe('map art served by the built site', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
    await buildReadFixture(server.db);
  });
  afterAll(() => server.close());

  it('serves every banner and tactical map as SVG, cacheable by ETag', async () => {
    const paths = [...bannerVariants().map((v) => bannerPath(v.image)), ...tacticalMapIds().map(tacticalPath)];
    expect(paths.length).toBeGreaterThan(70);
    for (const path of paths) {
      const response = await server.fetch(path);
      expect([path, response.status, response.headers.get('content-type')]).toEqual([
        path,
        200,
        'image/svg+xml; charset=utf-8',
      ]);
      expect(await response.text()).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    }
    const first = await server.fetch(paths[0] ?? '');
    const again = await server.fetch(paths[0] ?? '', { headers: { 'if-none-match': first.headers.get('etag') ?? '' } });
    expect(again.status).toBe(304);
    expect(first.headers.get('cache-control')).toBe('public, max-age=86400');
  });

  it('answers the map_banner and tactical_map addresses the read API hands out', async () => {
    const list = matchListSchema.parse(await (await server.fetch('/v3/series/S1/matches?limit=100')).json());
    const addresses = new Set(list.matches.flatMap((m) => [m.map_banner, m.tactical_map]).filter((a) => a !== null));
    expect(addresses.size).toBeGreaterThan(1);
    for (const address of addresses) expect([address, (await server.fetch(address)).status]).toEqual([address, 200]);
  });

  it('answers a JSON 404 naming an unknown image', async () => {
    const response = await server.fetch('/images/maps/atlantis-day.svg');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: "Map 'atlantis-day' does not exist or has no caps",
      code: 'MapNotFound',
    });
  });
});
