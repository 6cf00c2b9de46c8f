import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '#tests/helpers/database.ts';
import { startTestServer, type TestServer } from '#tests/helpers/server.ts';
import { buildReadFixture, steamId, type ReadFixture } from '#tests/helpers/read-fixtures.ts';
import { parseHtml, type Rendered } from '#tests/helpers/dom.ts';
import { errorSchema, matchListSchema } from '#lib/schemas/index.ts';

const ORIGIN = 'http://127.0.0.1:4321';
const DISCORD = { 'user-agent': 'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)' };

/** The width and height of a PNG from its IHDR chunk (after the 8-byte signature, length and type). */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(new TextDecoder().decode(bytes.subarray(12, 16))).toBe('IHDR');
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** Every <meta> of the head by its property or name. */
function metaOf(doc: Rendered): Record<string, string> {
  return Object.fromEntries(
    doc.all('head meta').flatMap((m) => {
      const key = m.attrs['property'] ?? m.attrs['name'];
      return key ? [[key, m.attrs['content'] ?? '']] : [];
    }),
  );
}

/** Link previews (meta, images), the Atom feed, sitemap.xml and robots.txt on the read fixture. */
describe.each(engines)('link previews and feeds on %s', (engine) => {
  let server: TestServer;
  let fx: ReadFixture;

  const page = async (path: string) => {
    const response = await server.fetch(path, { headers: DISCORD });
    expect([path, response.status]).toEqual([path, 200]);
    return metaOf(parseHtml(await response.text()));
  };
  const image = async (url: string) => {
    const response = await server.fetch(url.replace(ORIGIN, ''), { headers: DISCORD });
    expect([url, response.status, response.headers.get('content-type')]).toEqual([url, 200, 'image/png']);
    return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
  };

  /** A team with a rating in S1 only. */
  const teamInS1 = async (tag: string, name: string) => {
    const team = await server.db
      .insertInto('teams')
      .values({ tag, name, icon: null, invite: null, discord_role_id: null, deleted_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await server.db
      .insertInto('team_ratings')
      .values({ series_id: fx.series.s1, team_id: team.id, mu: 25, sigma: 8, last_updated: null, true_strength: null })
      .execute();
  };

  beforeAll(async () => {
    server = await startTestServer(engine, { PUBLIC_URL: ORIGIN });
    fx = await buildReadFixture(server.db);
  });
  afterAll(() => server.close());

  it('writes the description, Open Graph and Twitter tags on every kind of page', async () => {
    const match = fx.matches.public[0]!;
    const cases: [string, string, RegExp, string, RegExp | null][] = [
      [
        '/?series=S1',
        'Hell Let Loose Skill System · Season 1',
        /^Season 1 · 3 teams · 3 matches · 1st BRAVO \(score 25\.00\)$/,
        'website',
        /\/og\/S1\/home\//,
      ],
      [
        '/teams/ALPHA?series=S1',
        'ALPHA Alpha Company',
        /^Ranked 2nd · score 24\.00 · 1-0$/,
        'profile',
        /\/og\/S1\/teams\/ALPHA\//,
      ],
      [
        `/statistics/matches/${match}?series=S1`,
        'ALPHA vs BRAVO 5-0',
        /^ALPHA beat BRAVO 5-0 · Carentan · \w{3} \d+, \d{4} · Posted/,
        'article',
        new RegExp(`/og/S1/matches/${match}/`),
      ],
      [
        `/statistics/players/${steamId(1)}?series=S1`,
        'Player1',
        /^ALPHA · 2 competitive matches · 1\.00 kills per minute$/,
        'profile',
        new RegExp(`/og/S1/players/${steamId(1)}/`),
      ],
      [
        '/statistics/tournaments/CUP?series=S1',
        'Winter Cup',
        /^Event · 2 teams · 1 match · leader BRAVO 1-0$/,
        'website',
        /\/og\/S1\/tournaments\/CUP\//,
      ],
      ['/privacy-policy?series=S1', 'Privacy policy', /^What the Hell Let Loose Skill System stores/, 'website', null],
    ];
    for (const [path, title, description, type, imagePath] of cases) {
      const meta = await page(path);
      expect(meta['description'], path).toMatch(description);
      expect(meta['og:description'], path).toBe(meta['description']);
      expect(meta['og:title'], path).toBe(title);
      expect([path, meta['og:type'], meta['og:site_name'], meta['twitter:card'], meta['theme-color']]).toEqual([
        path,
        type,
        'Hell Let Loose Skill System',
        'summary_large_image',
        '#16191d',
      ]);
      expect(meta['og:url'], path).toBe(`${ORIGIN}${path.split('?')[0]}?series=S1`);
      if (imagePath) {
        expect(meta['og:image'], path).toMatch(new RegExp(`^${ORIGIN}${imagePath.source}[\\w-]{16}\\.png$`));
        expect([meta['og:image:width'], meta['og:image:height']]).toEqual(['1200', '630']);
        expect(meta['og:image:alt']?.length, path).toBeGreaterThan(10);
        expect(pngSize((await image(meta['og:image']!)).bytes)).toEqual({ width: 1200, height: 630 });
      } else expect(meta['og:image'], path).toBeUndefined();
    }
    const doc = parseHtml(await (await server.fetch('/teams?series=S1')).text());
    expect(doc.one('link[rel="alternate"][type="application/atom+xml"]').attrs['href']).toBe(
      '/feeds/matches.atom?series=S1',
    );
  });

  it('caches an image for good under its version, and a rating change gives a new address', async () => {
    const before = (await page('/teams/ALPHA?series=S1'))['og:image']!;
    const { response } = await image(before);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Number(response.headers.get('content-length'))).toBeGreaterThan(1000);
    const etag = response.headers.get('etag') ?? '';
    const again = await server.fetch(before.replace(ORIGIN, ''), { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);

    const alpha = fx.teams['ALPHA']!;
    await server.db.updateTable('team_ratings').set({ mu: 31.5 }).where('team_id', '=', alpha).execute();
    const after = (await page('/teams/ALPHA?series=S1'))['og:image']!;
    expect(after).not.toBe(before);
    expect(pngSize((await image(after)).bytes)).toEqual({ width: 1200, height: 630 });
    // A chat holding the old address is sent to the current image.
    const old = await server.fetch(before.replace(ORIGIN, ''));
    expect([old.status, old.headers.get('location')]).toEqual([302, after.replace(ORIGIN, '')]);
    expect((await server.fetch('/og/S1/teams/ALF/x.png')).headers.get('location')).toBe(after.replace(ORIGIN, ''));
  });

  it('draws a name in any script through the built server (fallback fonts found in node_modules)', async () => {
    await teamInS1('CJK', '湊あくあ 美术特长生 ✪ محمد');
    const meta = await page('/teams/CJK?series=S1');
    expect(pngSize((await image(meta['og:image']!)).bytes)).toEqual({ width: 1200, height: 630 });
  });

  it('answers a JSON 404 for unknown or private subjects', async () => {
    for (const path of [
      '/og/S1/teams/ZULU/x.png',
      '/og/S1/matches/999999/x.png',
      `/og/S1/matches/${fx.matches.private}/x.png`,
      '/og/S1/matches/abc/x.png',
      `/og/S1/players/${steamId(7)}/x.png`,
      '/og/S1/tournaments/NOPE/x.png',
      '/og/S1/widgets/x/x.png',
      '/og/NOPE/home/x.png',
    ]) {
      const response = await server.fetch(path);
      expect([path, response.status]).toEqual([path, 404]);
      errorSchema.parse(await response.json());
    }
  });

  it('serves the Atom feed of the latest posted matches', async () => {
    const response = await server.fetch('/feeds/matches.atom?series=S1', { headers: DISCORD });
    expect(response.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    const xml = await response.text();
    const feed = xml.replace(/<entry>[\s\S]*?<\/entry>/g, '');
    expect(xml).toMatch(/^<\?xml version="1\.0" encoding="utf-8"\?>\n<feed xmlns="http:\/\/www\.w3\.org\/2005\/Atom">/);
    expect(feed).toContain(`<id>${ORIGIN}/feeds/matches.atom?series=S1</id>`);
    expect(feed).toMatch(/<title>[^<]+Season 1<\/title>/);
    expect(feed).toMatch(/<updated>\d{4}-\d\d-\d\dT[\d:.]+Z<\/updated>/);
    expect(feed).toContain(
      `<link rel="self" type="application/atom+xml" href="${ORIGIN}/feeds/matches.atom?series=S1"/>`,
    );
    const posted = matchListSchema.parse(
      await (await server.fetch('/v3/series/S1/matches?status=posted&desc=true&limit=50')).json(),
    );
    const entries = [...xml.matchAll(/<entry>([\s\S]*?)<\/entry>/g)].map((m) => m[1] ?? '');
    expect(entries).toHaveLength(posted.matches.length);
    entries.forEach((entry, i) => {
      const url = `${ORIGIN}/statistics/matches/${posted.matches[i]!.match_id}?series=S1`;
      expect(entry).toContain(`<id>${url}</id>`);
      expect(entry).toMatch(/<title>[^<]+<\/title>/);
      expect(entry).toContain(`<updated>${posted.matches[i]!.date}</updated>`);
      expect(entry).toContain(`<link rel="alternate" type="text/html" href="${url}"/>`);
      expect(entry).toMatch(/<summary>[^<]+ beat [^<]+<\/summary>/);
    });
    expect((await server.fetch('/feeds/matches.atom?series=NOPE')).status).toBe(404);
  });

  it('spells every page kind one way in sitemap.xml, <link rel=canonical> and og:url; page N is its own address', async () => {
    await teamInS1('[GL219]', 'Glory');
    const sitemap = await (await server.fetch('/sitemap.xml')).text();
    const listed = new Set([...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replaceAll('&amp;', '&')));
    const kinds = [
      '/?series=S1',
      '/teams?series=S1',
      '/teams/%5BGL219%5D?series=S1',
      '/teams/[GL219]?series=S1',
      '/teams/ALPHA?series=S1',
      `/statistics/matches/${fx.matches.public[0]}?series=S1`,
      `/statistics/players/${steamId(1)}?series=S1`,
      '/statistics/tournaments/CUP?series=S1',
      '/statistics/tournaments?series=S1',
      '/statistics/winrates?series=S1',
    ];
    for (const path of kinds) {
      const response = await server.fetch(path, { headers: DISCORD });
      expect([path, response.status]).toEqual([path, 200]);
      const doc = parseHtml(await response.text());
      const canonical = doc.one('link[rel="canonical"]').attrs['href'];
      expect([path, metaOf(doc)['og:url']]).toEqual([path, canonical]);
      expect([path, listed.has(canonical!)]).toEqual([path, true]);
    }
    const canonicalOf = async (path: string) =>
      parseHtml(await (await server.fetch(path, { headers: DISCORD })).text()).one('link[rel="canonical"]').attrs[
        'href'
      ];
    expect(await canonicalOf('/teams/[GL219]?series=S1')).toBe(`${ORIGIN}/teams/%5BGL219%5D?series=S1`);
    expect(await canonicalOf('/statistics/matches?series=S1&page=2&utm=x')).toBe(
      `${ORIGIN}/statistics/matches?series=S1&page=2`,
    );
    expect(await canonicalOf('/statistics/matches?series=S1&page=0')).toBe(`${ORIGIN}/statistics/matches?series=S1`);
  });

  it('lists the public pages in sitemap.xml and points robots at it', async () => {
    const sitemap = await (await server.fetch('/sitemap.xml')).text();
    const urls = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const path of [
      '/',
      '/statistics/ratings',
      '/teams/ALPHA',
      `/statistics/matches/${fx.matches.public[0]}`,
      `/statistics/players/${steamId(1)}`,
      '/statistics/tournaments/CUP',
    ])
      expect(urls).toContain(`${ORIGIN}${path}?series=S1`);
    expect(urls).not.toContain(`${ORIGIN}/statistics/matches/${fx.matches.private}?series=S1`);
    expect(urls).not.toContain(`${ORIGIN}/statistics/players/${steamId(7)}?series=S1`);
    const robots = await (await server.fetch('/robots.txt')).text();
    expect(robots).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(robots).toMatch(/^Disallow: \/my-profile$/m);
    expect(robots).toMatch(/^Disallow: \/admin\/$/m);
  });
});
