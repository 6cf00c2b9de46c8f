import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '#tests/helpers/database.ts';
import { startTestServer, type TestServer } from '#tests/helpers/server.ts';
import { buildReadFixture, steamId, type ReadFixture } from '#tests/helpers/read-fixtures.ts';
import {
  matchDetailSchema,
  matchListSchema,
  playerDetailSchema,
  playerSearchSchema,
  seriesStatisticsSchema,
  teamPlayersSchema,
} from '#lib/schemas/index.ts';

describe.each(engines)('read API privacy and caching on %s', (engine) => {
  let server: TestServer;
  let fx: ReadFixture;
  const get = (path: string, cookie?: string, headers: Record<string, string> = {}) =>
    server.fetch(path, { headers: { ...headers, ...(cookie ? { cookie } : {}) } });

  beforeAll(async () => {
    server = await startTestServer(engine);
    fx = await buildReadFixture(server.db);
  });
  afterAll(() => server.close());

  describe('private matches', () => {
    it('never appear in match lists, counts or statistics, even for their managers', async () => {
      for (const cookie of [undefined, fx.users.alphaManager.cookie, fx.users.admin.cookie]) {
        const list = matchListSchema.parse(await (await get('/v3/series/S1/matches?tag=ALPHA', cookie)).json());
        expect(list.matches.map((m) => m.match_id)).not.toContain(fx.matches.private);
        expect(list.meta.total_count).toBe(3);
      }
      const stats = seriesStatisticsSchema.parse(await (await get('/v3/series/S1/statistics')).json());
      expect(stats.matches).toBe(3);
      expect(stats.win_rates.by_map['Kursk']).toBeUndefined();
      expect(stats.win_rates.by_side.matches).toBe(3);
    });

    it('answer 403 to anonymous callers, other teams and plain users; 200 (private cache) to managers and admins', async () => {
      const path = `/v3/series/S1/matches/${fx.matches.private}`;
      for (const cookie of [undefined, fx.users.plain.cookie, fx.users.charlieManager.cookie, fx.users.owner.cookie]) {
        const response = await get(path, cookie);
        expect(response.status).toBe(403);
        expect(await response.json()).toEqual({ error: 'This match is private', code: 'PrivateMatch' });
      }
      for (const cookie of [fx.users.alphaManager.cookie, fx.users.admin.cookie]) {
        const response = await get(path, cookie);
        expect(response.status).toBe(200);
        expect(response.headers.get('cache-control')).toMatch(/^private/);
        expect(matchDetailSchema.parse(await response.json()).visibility).toBe('private');
      }
    });

    it('are listed by private-matches for the team managers and admins only (401 anonymous, 403 others)', async () => {
      const path = '/v3/series/S1/teams/ALPHA/private-matches?desc=true';
      expect((await get(path)).status).toBe(401);
      expect((await get(path, fx.users.plain.cookie)).status).toBe(403);
      expect((await get(path, fx.users.charlieManager.cookie)).status).toBe(403);
      for (const cookie of [fx.users.alphaManager.cookie, fx.users.admin.cookie]) {
        const response = await get(path, cookie);
        expect(response.status).toBe(200);
        expect(response.headers.get('cache-control')).toMatch(/^private/);
        const body = matchListSchema.parse(await response.json());
        expect(body.matches.map((m) => m.match_id)).toEqual([fx.matches.private]);
        expect(body.meta).toEqual({ count: 1, offset: 0, total_count: 1 });
      }
    });

    it('do not make their players team players or search hits', async () => {
      const players = teamPlayersSchema.parse(await (await get('/v3/series/S1/teams/ALPHA/players')).json());
      expect(players.players.map((p) => p.steam_id)).not.toContain(steamId(5));
      const hits = playerSearchSchema.parse(await (await get(`/v3/series/S1/players?query=Player5`)).json());
      expect(hits).toEqual([
        { steamId: steamId(5), name: 'Player5', compMatchesCount: 0, eventMatchesCount: 0, aliases: ['Player5'] },
      ]);
      const bravo = playerSearchSchema.parse(await (await get(`/v3/series/S1/players?query=Player3`)).json());
      expect(bravo[0]!.compMatchesCount).toBe(1);
    });
  });

  describe('private player profiles', () => {
    it('are hidden from search, team players, statistics and public match details', async () => {
      const byName = playerSearchSchema.parse(await (await get('/v3/series/S1/players?query=Player7')).json());
      const byAlias = playerSearchSchema.parse(await (await get('/v3/series/S1/players?query=hidden')).json());
      const byId = playerSearchSchema.parse(await (await get(`/v3/series/S1/players?query=${steamId(7)}`)).json());
      expect([byName, byAlias, byId]).toEqual([[], [], []]);
      const players = teamPlayersSchema.parse(await (await get('/v3/series/S1/teams/ALPHA/players')).json());
      expect(players.players.map((p) => p.steam_id)).not.toContain(steamId(7));
      const stats = seriesStatisticsSchema.parse(await (await get('/v3/series/S1/statistics')).json());
      expect(stats.players).toBe(4);
      const match = matchDetailSchema.parse(await (await get(`/v3/series/S1/matches/${fx.matches.public[0]}`)).json());
      expect(Object.keys(match.player_stats)).not.toContain(steamId(7));
      expect(match.defensive_players.Allies).toEqual([steamId(1)]);
      const asAdmin = matchDetailSchema.parse(
        await (await get(`/v3/series/S1/matches/${fx.matches.public[0]}`, fx.users.admin.cookie)).json(),
      );
      expect(Object.keys(asAdmin.player_stats)).toContain(steamId(7));
    });

    it('answer 403 to others and 200 to the owner (owned) and admins', async () => {
      const path = `/v3/series/S1/players/${steamId(7)}`;
      for (const cookie of [undefined, fx.users.plain.cookie]) {
        const response = await get(path, cookie);
        expect(response.status).toBe(403);
        expect(await response.json()).toEqual({ error: 'This player profile is private', code: 'PrivateProfile' });
      }
      const own = await get(path, fx.users.owner.cookie);
      expect(own.status).toBe(200);
      expect(own.headers.get('cache-control')).toMatch(/^private/);
      expect(playerDetailSchema.parse(await own.json())).toMatchObject({
        owned: true,
        claimed: true,
        visibility: 'private',
        private: true,
      });
      const admin = playerDetailSchema.parse(await (await get(path, fx.users.admin.cookie)).json());
      expect(admin).toMatchObject({ owned: false, claimed: true });
    });
  });

  describe('caching', () => {
    it('sends a body-hash ETag with public Cache-Control and answers 304 to a matching If-None-Match', async () => {
      const first = await get('/v3/series/S1/teams');
      const etag = first.headers.get('etag');
      expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
      expect(first.headers.get('cache-control')).toBe('public, max-age=10, stale-while-revalidate=60');
      const again = await get('/v3/series/S1/teams');
      expect(again.headers.get('etag')).toBe(etag);
      const revalidated = await get('/v3/series/S1/teams', undefined, { 'if-none-match': `W/"x", ${etag}` });
      expect(revalidated.status).toBe(304);
      expect(await revalidated.text()).toBe('');
      expect(revalidated.headers.get('etag')).toBe(etag);
      expect((await get('/v3/series/S1/teams', undefined, { 'if-none-match': '"other"' })).status).toBe(200);
    });

    it('changes the ETag when the data changes', async () => {
      const before = (await get('/v3/series/S1/teams')).headers.get('etag');
      await server.db
        .updateTable('teams')
        .set({ name: 'Alpha Renamed' })
        .where('id', '=', fx.teams['ALPHA']!)
        .execute();
      const after = (await get('/v3/series/S1/teams')).headers.get('etag');
      expect(after).not.toBe(before);
      await server.db
        .updateTable('teams')
        .set({ name: 'Alpha Company' })
        .where('id', '=', fx.teams['ALPHA']!)
        .execute();
    });

    it('marks caller-dependent answers private: signed-in player detail, logs', async () => {
      const path = `/v3/series/S1/players/${steamId(1)}`;
      expect((await get(path)).headers.get('cache-control')).toMatch(/^public/);
      expect((await get(path, fx.users.plain.cookie)).headers.get('cache-control')).toMatch(/^private/);
      const logs = await get('/v3/logs', fx.users.admin.cookie);
      expect(logs.headers.get('cache-control')).toMatch(/^private/);
      const etag = logs.headers.get('etag')!;
      expect((await get('/v3/logs', fx.users.admin.cookie, { 'if-none-match': etag })).status).toBe(304);
    });

    it('keeps logs to signed-in users: 401 anonymous, 200 (private cache) for any signed-in user', async () => {
      const anonymous = await get('/v3/logs');
      expect([anonymous.status, await anonymous.json()]).toEqual([
        401,
        { error: 'You must be signed in to do this', code: 'SignInRequired' },
      ]);
      const plain = await get('/v3/logs?path=2026', fx.users.plain.cookie);
      expect(plain.status).toBe(200);
      expect(plain.headers.get('cache-control')).toMatch(/^private/);
    });
  });
});
