import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '#tests/helpers/database.ts';
import { startTestServer, type TestServer } from '#tests/helpers/server.ts';
import { buildReadFixture, steamId, type ReadFixture } from '#tests/helpers/read-fixtures.ts';
import { generateReadData } from '#tests/helpers/read-generate.ts';
import { errorSchema } from '#lib/schemas/index.ts';

/** Every GET of the read API with its path parameters and the query keys it reads. */
const ENDPOINTS: { path: string; query: string[] }[] = [
  { path: '/v3/series/{series}/statistics', query: [] },
  {
    path: '/v3/series/{series}/matches',
    query: ['desc', 'offset', 'limit', 'tag', 'team', 'map', 'type', 'tournament', 'result', 'status'],
  },
  { path: '/v3/series/{series}/matches/{matchId}', query: [] },
  { path: '/v3/series/{series}/teams', query: ['limit', 'offset', 'inactiveOnly'] },
  { path: '/v3/series/{series}/teams/{tag}', query: [] },
  { path: '/v3/series/{series}/teams/{tag}/players', query: ['limit', 'offset'] },
  { path: '/v3/series/{series}/teams/{tag}/private-matches', query: ['desc', 'offset', 'limit'] },
  { path: '/v3/series/{series}/players', query: ['query'] },
  { path: '/v3/series/{series}/players/{steamId}', query: [] },
  { path: '/v2/tournaments', query: ['active'] },
  { path: '/v2/tournaments/{tournament}', query: [] },
  { path: '/v3/maps/{map}/caps', query: [] },
  { path: '/v3/logs', query: ['path'] },
  // Map art (SVG when the map or image exists, else a JSON 404).
  { path: '/images/maps/{map}.svg', query: [] },
  { path: '/images/tactical/{map}.svg', query: [] },
  // Link previews (PNG at the current version, else a redirect to it or a JSON 404), the feed, sitemap and robots.
  { path: '/og/{series}/teams/{tag}/{version}.png', query: [] },
  { path: '/og/{series}/matches/{matchId}/{version}.png', query: [] },
  { path: '/og/{series}/players/{steamId}/{version}.png', query: [] },
  { path: '/og/{series}/tournaments/{tournament}/{version}.png', query: [] },
  { path: '/og/{series}/{tag}/{map}/{version}.png', query: [] },
  { path: '/og/{series}/home/{version}.png', query: [] },
  { path: '/feeds/matches.atom', query: ['series'] },
  { path: '/sitemap.xml', query: [] },
  { path: '/robots.txt', query: [] },
];

describe.each(engines)('read API errors and fuzzing on %s', (engine) => {
  let server: TestServer;
  let fx: ReadFixture;
  let admin: string;
  const get = (path: string, cookie?: string) => server.fetch(path, cookie ? { headers: { cookie } } : {});
  const expectError = async (path: string, status: number, pattern: RegExp, cookie?: string) => {
    const response = await get(path, cookie);
    const body = errorSchema.parse(await response.json());
    expect([path, response.status]).toEqual([path, status]);
    expect(body.error).toMatch(pattern);
  };

  beforeAll(async () => {
    server = await startTestServer(engine);
    fx = await buildReadFixture(server.db);
    await generateReadData(server.db, { seriesTag: 'GEN', teams: 6, matches: 60, minPlayers: 4, maxPlayers: 12 });
    admin = fx.users.admin.cookie;
  });
  afterAll(() => server.close());

  it('answers 404 naming an unknown series, team, match, player, tournament, map or log path', async () => {
    for (const path of [
      '/statistics',
      '/matches',
      '/matches/1',
      '/teams',
      '/teams/ALPHA',
      '/teams/ALPHA/players',
      '/players?query=x',
      `/players/${steamId(1)}`,
    ]) {
      await expectError(`/v3/series/NOPE${path}`, 404, /^Series 'NOPE' does not exist$/);
    }
    for (const path of ['/teams/ZULU', '/teams/ZULU/players', '/teams/ZULU/private-matches', '/teams/ECHO']) {
      await expectError(`/v3/series/S1${path}`, 404, /^Team '(ZULU|ECHO)' does not exist$/);
    }
    await expectError('/v3/series/S1/matches/999999', 404, /^Match 999999 does not exist$/);
    await expectError(`/v3/series/S0/matches/${fx.matches.public[0]}`, 404, /does not exist/);
    await expectError(`/v3/series/S1/players/${steamId(999)}`, 404, /^Player \d+ does not exist$/);
    await expectError('/v2/tournaments/NOPE', 404, /^Tournament 'NOPE' does not exist$/);
    await expectError('/v3/maps/Atlantis/caps', 404, /^Map 'Atlantis'/);
    await expectError('/v3/logs?path=2027/01', 404, /^Log path '2027\/01' does not exist$/, admin);
  });

  it('answers 400 naming a bad parameter', async () => {
    const cases: [string, RegExp][] = [
      ['/v3/series/S1/matches?offset=-1', /'offset'/],
      ['/v3/series/S1/matches?limit=101', /'limit': must be at most 100/],
      ['/v3/series/S1/matches?limit=0', /'limit'/],
      ['/v3/series/S1/matches?limit=ten', /'limit'/],
      ['/v3/series/S1/matches?desc=yes', /'desc'/],
      ['/v3/series/S1/matches?type=ranked', /'type': its 1st value/],
      ['/v3/series/S1/matches?type=event&status=done', /'status': its 1st value: Invalid option/],
      ['/v3/series/S1/matches?result=6-0', /'result': its 1st value: Invalid option/],
      ['/v3/series/S1/matches?map=Atlantis', /'map': unknown map 'Atlantis'/],
      ['/v3/series/S1/matches?team=', /'team': its 1st value must not be empty/],
      ['/v3/series/S1/matches/abc', /'matchId': must be a positive integer/],
      ['/v3/series/S1/matches/0', /'matchId'/],
      ['/v3/series/S1/matches/99999999999', /'matchId'/],
      ['/v3/series/S1/teams?inactiveOnly=1', /'inactiveOnly'/],
      ['/v3/series/S1/teams?offset=1.5', /'offset'/],
      ['/v3/series/S1/teams/ALPHA/players?limit=1000', /'limit'/],
      ['/v3/series/S1/teams/ALPHA/private-matches?offset=x', /'offset'/],
      [`/v3/series/S1/players?query=${'x'.repeat(101)}`, /'query'/],
      ['/v3/series/S1/players/abc', /'steamId'/],
      ['/v2/tournaments?active=maybe', /'active'/],
    ];
    for (const [path, pattern] of cases) await expectError(path, 400, pattern);
    await expectError('/v3/logs?path=../etc', 400, /'path'/, admin);
    await expectError('/v3/logs?path=2026/%00', 400, /'path'/, admin);
  });

  it('never answers 5xx and always answers JSON to fuzzed parameters on every endpoint', async () => {
    const known = {
      series: ['S1', 'GEN', 's0', 'NOPE'],
      matchId: [String(fx.matches.public[0]), String(fx.matches.private), '1', '-1', '1e3', '2147483648'],
      tag: ['ALPHA', 'alf', 'GENT0', 'UNREG', '[CLAN]'],
      steamId: [steamId(1), steamId(7), '0'.repeat(32)],
      tournament: ['CUP', 'OLD'],
      map: ['carentan', 'Hill 400', 'PHL', 'foy-night'],
      version: ['x', 'AAAAAAAAAAAAAAAA', '..png'],
    };
    const text = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.string({ unit: 'binary', maxLength: 12 }),
      fc.integer().map(String),
      fc.constantFrom('', 'true', 'false', '%', '_', "'", '"', '\\', 'null', '-0', '1e400', '5-0'),
    );
    const segment = (name: keyof typeof known) =>
      fc.oneof(fc.constantFrom(...known[name]), text).filter((s) => s.trim() !== '' && s !== '.' && s !== '..');
    const request = fc.constantFrom(...ENDPOINTS).chain((endpoint) =>
      fc.record({
        endpoint: fc.constant(endpoint),
        params: fc.record({
          series: segment('series'),
          matchId: segment('matchId'),
          tag: segment('tag'),
          steamId: segment('steamId'),
          tournament: segment('tournament'),
          map: segment('map'),
          version: segment('version'),
        }),
        query: fc.array(
          fc.tuple(
            endpoint.query.length
              ? fc.oneof(fc.constantFrom(...endpoint.query), fc.string({ maxLength: 8 }))
              : fc.string({ maxLength: 8 }),
            text,
          ),
          { maxLength: 6 },
        ),
        admin: fc.boolean(),
      }),
    );
    await fc.assert(
      fc.asyncProperty(request, async ({ endpoint, params, query, admin: asAdmin }) => {
        const path = endpoint.path.replace(/\{(\w+)\}/g, (_, name: keyof typeof params) =>
          encodeURIComponent(params[name]),
        );
        const search = new URLSearchParams(query).toString();
        const response = await get(`${path}${search ? `?${search}` : ''}`, asAdmin ? admin : undefined);
        const type = response.headers.get('content-type') ?? '';
        const body = await response.text();
        expect(response.status, `${path}?${search} -> ${response.status} ${body.slice(0, 200)}`).toBeLessThan(500);
        if (response.status >= 300 && response.status < 400) {
          expect(response.headers.get('location'), path).toMatch(/^\/og\//);
        } else if (path.startsWith('/og/') && response.status === 200) {
          expect(type).toBe('image/png');
        } else if (/^\/(feeds|sitemap)/.test(path) && response.status === 200) {
          expect(type).toMatch(/^application\/(atom\+)?xml; charset=utf-8$/);
        } else if (path.startsWith('/images/') && response.status === 200) {
          expect(type).toBe('image/svg+xml; charset=utf-8');
          expect(body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
        } else if (!type.startsWith('text/plain')) {
          expect(type, `${path}?${search}`).toMatch(/^application\/json/);
          expect(() => JSON.parse(body)).not.toThrow();
        }
      }),
      { numRuns: 400, seed: 20260501 },
    );
  });
});
