import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '#tests/helpers/database.ts';
import { startTestServer, type TestServer } from '#tests/helpers/server.ts';
import { buildReadFixture, steamId, type ReadFixture } from '#tests/helpers/read-fixtures.ts';
import {
  logListingSchema,
  mapCapsSchema,
  matchDetailSchema,
  matchListSchema,
  playerDetailSchema,
  playerSearchSchema,
  seriesStatisticsSchema,
  teamDetailSchema,
  teamListSchema,
  teamPlayersSchema,
  tournamentListSchema,
  tournamentSchema,
} from '#lib/schemas/index.ts';

describe.each(engines)('read API endpoints on %s', (engine) => {
  let server: TestServer;
  let fx: ReadFixture;
  const get = async (path: string, cookie?: string) => server.fetch(path, cookie ? { headers: { cookie } } : {});
  const ok = async (path: string, cookie?: string) => {
    const response = await get(path, cookie);
    expect(response.status, `${path}: ${response.status}`).toBe(200);
    return response.json() as Promise<unknown>;
  };

  beforeAll(async () => {
    server = await startTestServer(engine);
    fx = await buildReadFixture(server.db);
  });
  afterAll(() => server.close());

  it('lists active teams ranked first by score, pending after, with rank over the whole ordering', async () => {
    const teams = teamListSchema.parse(await ok('/v3/series/S1/teams'));
    expect(teams.map((t) => [t.tag, t.rank, t.ranking, t.score])).toEqual([
      ['BRAVO', 1, 'ranked', 25],
      ['ALPHA', 2, 'ranked', 24],
      ['CHARLIE', 3, 'pending', 26],
    ]);
    expect(teams[1]!.previous_tags).toEqual([{ tag: 'ALF', until: '2025-12-01T00:00:00.000Z' }]);
    expect(teams[1]!.icon).toBe('https://img.example/alpha.png');
    expect(JSON.stringify(teams)).not.toContain('true_strength');
  });

  it('pages teams keeping global ranks and reports the total; inactiveOnly lists inactive teams', async () => {
    const response = await get('/v3/series/S1/teams?limit=1&offset=1');
    expect(response.headers.get('x-total-count')).toBe('3');
    expect(teamListSchema.parse(await response.json()).map((t) => [t.tag, t.rank])).toEqual([['ALPHA', 2]]);
    const past = await get('/v3/series/S1/teams?offset=50');
    expect([past.headers.get('x-total-count'), await past.json()]).toEqual(['3', []]);
    const inactive = teamListSchema.parse(await ok('/v3/series/S1/teams?inactiveOnly=true'));
    expect(inactive.map((t) => [t.tag, t.inactive, t.rank])).toEqual([['DELTA', true, 1]]);
  });

  it('answers a team by its tag or an old tag, with rating history of public matches only', async () => {
    const team = teamDetailSchema.parse(await ok('/v3/series/S1/teams/alf'));
    expect(team.tag).toBe('ALPHA');
    expect(team.rank).toBe(2);
    expect(team.rating_history.map((h) => [h.match_id, h.mu])).toEqual([
      [fx.matches.public[0], 27],
      [fx.matches.public[1], 23],
    ]);
  });

  it('lists the public players who played for a team in public matches, with aliases', async () => {
    const body = teamPlayersSchema.parse(await ok('/v3/series/S1/teams/ALPHA/players'));
    expect(body.meta).toEqual({ count: 2, offset: 0, total_count: 2 });
    expect(body.players).toEqual([
      { steam_id: steamId(1), aliases: ['Player1', 'Alpha One', 'A1_%'] },
      { steam_id: steamId(2), aliases: ['PrimaryTwo'] },
    ]);
    const page = teamPlayersSchema.parse(await ok('/v3/series/S1/teams/ALPHA/players?limit=1&offset=1'));
    expect(page.players.map((p) => p.steam_id)).toEqual([steamId(2)]);
  });

  it('lists public matches with filters, order and paging', async () => {
    const all = matchListSchema.parse(await ok('/v3/series/S1/matches?desc=true'));
    expect(all.meta).toEqual({ count: 3, offset: 0, total_count: 3 });
    expect(all.matches.map((m) => m.match_id)).toEqual([...fx.matches.public].reverse());
    const asc = matchListSchema.parse(await ok('/v3/series/S1/matches?limit=1&offset=1'));
    expect(asc.matches.map((m) => m.match_id)).toEqual([fx.matches.public[1]]);
    expect(asc.meta).toEqual({ count: 1, offset: 1, total_count: 3 });
    expect(matchListSchema.parse(await ok('/v3/series/S1/matches?offset=10')).meta).toEqual({
      count: 0,
      offset: 10,
      total_count: 3,
    });
    expect(matchListSchema.parse(await ok('/v3/series/S1/matches?tournament=NOPE')).meta.total_count).toBe(0);
    const ids = async (query: string) =>
      matchListSchema.parse(await ok(`/v3/series/S1/matches?${query}`)).matches.map((m) => m.match_id);
    const [m1, m2, m3] = fx.matches.public;
    expect(await ids('map=Carentan')).toEqual([m1, m3]);
    expect(await ids('type=event&type=friendly')).toEqual([m2, m3]);
    expect(await ids('tournament=cup')).toEqual([m2]);
    expect(await ids('result=5-0')).toEqual([m1]);
    expect(await ids('status=skipped')).toEqual([m3]);
    expect(await ids('tag=UNREG')).toEqual([m3]);
    expect(await ids('team=BRAVO&team=UNREG')).toEqual([m1, m2, m3]);
    expect(await ids('tag=ALF&type=competitive')).toEqual([m1]);
  });

  it('shapes a match: teams winner first, registration, ratings, map assets, tournament', async () => {
    const list = matchListSchema.parse(await ok('/v3/series/S1/matches'));
    const [first, second, third] = list.matches;
    expect(first).toMatchObject({
      teams: ['ALPHA', 'BRAVO'],
      map: 'Carentan',
      map_id: 'carentan',
      result: '5-0',
      victor_side: 'Allies',
      type: 'competitive',
      tournament: null,
      win_probability: 0.5,
    });
    expect(first!.team_details[0]).toEqual({
      tag: 'ALPHA',
      registered: true,
      name: 'Alpha Company',
      icon: 'https://img.example/alpha.png',
      rating: { mu_before: 25, sigma_before: 8, mu_after: 27, sigma_after: 7 },
    });
    expect(first!.map_banner).toMatch(/^\/images\/maps\//);
    expect(second!.tournament).toBe('CUP');
    expect(third!.team_details[1]).toEqual({ tag: 'UNREG', registered: false, name: null, icon: null, rating: null });
    expect(third!.submitted_by).toEqual({ tag: 'ALPHA', username: 'reporter' });
  });

  it('answers a match with player stats keyed by player id', async () => {
    const match = matchDetailSchema.parse(await ok(`/v3/series/S1/matches/${fx.matches.public[0]}`));
    expect(Object.keys(match.player_stats).sort()).toEqual([steamId(1), steamId(2), steamId(3), steamId(4)]);
    expect(match.player_stats[steamId(3)]).toMatchObject({
      side: 'Axis',
      kills: 13,
      team: 'BRAVO',
      weapons: { M1_GARAND: 3 },
      kill_events: [12, 40],
    });
    expect(match.cap_flips).toEqual([{ at: 60, side: 'Allies', new_score: '3-2' }]);
    expect(match.streams).toEqual({ twitch: 'https://twitch.tv/x' });
  });

  it('computes series statistics from public data when none are stored, and prefers a stored document', async () => {
    const stats = seriesStatisticsSchema.parse(await ok('/v3/series/S1/statistics'));
    expect(stats).toMatchObject({ matches: 3, teams: 3, players: 4 });
    expect(stats.top_team).toMatchObject({ tag: 'BRAVO', name: 'Bravo Battalion', score: 25 });
    expect(stats.win_rates.by_side).toEqual({ matches: 3, Allies: 1, Axis: 2 });
    expect(stats.win_rates.by_map).toEqual({
      Carentan: { matches: 2, Allies: 1, Axis: 1 },
      Foy: { matches: 1, Allies: 0, Axis: 1 },
    });
    const stored = { ...stats, matches: 999 };
    await server.db
      .insertInto('series_statistics')
      .values({ series_id: fx.series.s0, data: JSON.stringify(stored) })
      .execute();
    expect(seriesStatisticsSchema.parse(await ok('/v3/series/S0/statistics')).matches).toBe(999);
  });

  it('searches players by name, alias and id, case-insensitively and literally', async () => {
    const search = async (q: string) =>
      playerSearchSchema.parse(await ok(`/v3/series/S1/players?query=${encodeURIComponent(q)}`));
    expect(await search('   ')).toEqual([]);
    expect(await search('')).toEqual([]);
    const hits = await search(' alpha one ');
    expect(hits).toEqual([
      {
        steamId: steamId(1),
        name: 'Player1',
        compMatchesCount: 1,
        eventMatchesCount: 1,
        aliases: ['Player1', 'Alpha One', 'A1_%'],
      },
    ]);
    expect((await search('primarytwo')).map((p) => p.steamId)).toEqual([steamId(2)]);
    expect((await search(steamId(4))).map((p) => p.steamId)).toEqual([steamId(4)]);
    expect((await search('a1_%')).map((p) => p.steamId)).toEqual([steamId(1)]);
    expect((await search('%')).map((p) => p.steamId)).toEqual([steamId(1)]);
    expect((await search('player')).length).toBe(5);
  });

  it('answers a player with games from player_skills and teams', async () => {
    const player = playerDetailSchema.parse(await ok(`/v3/series/S1/players/${steamId(1)}`));
    expect(player).toMatchObject({
      steam_id: steamId(1),
      steam_name: 'Player1',
      name: 'Player1',
      claimed: false,
      owned: false,
      visibility: 'public',
    });
    expect(player.games.competitive).toEqual({
      matches: 2,
      x_bar: [1, 0.5, 10, 20],
      s: [0.1, 0.1, 1, 2],
      skill_vector: [0.6, 0.4, 0.5, 0.7],
      weapon_stats: { M1_GARAND: { kills: 3 } },
      role_stats: { rifleman: 1 },
    });
    expect(player.teams).toEqual([
      { tag: 'ALPHA', name: 'Alpha Company', icon: 'https://img.example/alpha.png', matches: 2 },
    ]);
    // Counted as the team line is (public matches of the series; the private one on day 4 is left out).
    expect(player.matches_played).toBe(2);
    const two = playerDetailSchema.parse(await ok(`/v3/series/S1/players/${steamId(2)}`));
    expect([two.name, two.steam_name]).toEqual(['PrimaryTwo', 'Player2']);
  });

  it('lists tournaments (active only on request) with pass-through fields, and one by tag', async () => {
    const all = tournamentListSchema.parse(await ok('/v2/tournaments'));
    expect(all.map((t) => t.tag).sort()).toEqual(['CUP', 'OLD']);
    const active = tournamentListSchema.parse(await ok('/v2/tournaments?active=true'));
    expect(active.map((t) => t.tag)).toEqual(['CUP']);
    const cup = tournamentSchema.parse(await ok('/v2/tournaments/cup'));
    expect(cup).toMatchObject({
      tag: 'CUP',
      name: 'Winter Cup',
      description: '',
      event: true,
      active: true,
      series: 'S1',
      prize: 'gold',
    });
  });

  it('answers map caps by id, display name or short name', async () => {
    const byId = mapCapsSchema.parse(await ok('/v3/maps/carentan/caps'));
    expect(byId.left_side).toBe('Allies');
    expect(byId.caps).toHaveLength(5);
    expect(byId.caps[2]).toContain('Town Center');
    expect(mapCapsSchema.parse(await ok('/v3/maps/Hill%20400/caps')).map).toBe('hill400');
    expect(mapCapsSchema.parse(await ok('/v3/maps/SMDM/caps')).map).toBe('stmariedumont');
  });

  it('browses logs as an admin: folders, files and downloads', async () => {
    const admin = fx.users.admin.cookie;
    const root = logListingSchema.parse(await ok('/v3/logs', admin));
    expect(root.entries).toEqual([{ name: '2026', path: '2026', type: 'folder' }]);
    const year = logListingSchema.parse(await ok('/v3/logs?path=2026/', admin));
    expect(year.entries.map((e) => e.path)).toEqual(['2026/05', '2026/06']);
    const month = logListingSchema.parse(await ok('/v3/logs?path=2026/05', admin));
    expect(month.entries.map((e) => [e.name, e.type, e.size])).toEqual([
      ['aaaa-export.csv', 'file', 8],
      ['bbbb-export.txt', 'file', 9],
    ]);
    const file = await get('/v3/logs?path=2026/05/bbbb-export.txt', admin);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="bbbb-export.txt"');
    expect(file.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await file.text()).toBe('hello log');
  });

  it('lets every signed-in user browse logs, the log of a private match only its teams and admins', async () => {
    const names = async (cookie?: string) =>
      get('/v3/logs?path=2026/05', cookie).then(async (r) =>
        r.status === 200 ? logListingSchema.parse(await r.json()).entries.map((e) => e.name) : r.status,
      );
    const bbbb = '/v3/logs?path=2026/05/bbbb-export.txt';
    expect(await names()).toBe(401);
    expect(await names(fx.users.plain.cookie)).toEqual(['aaaa-export.csv', 'bbbb-export.txt']);
    const upload = await server.db
      .selectFrom('log_uploads')
      .select('id')
      .where('path', '=', '2026/05/bbbb-export.txt')
      .executeTakeFirstOrThrow();
    // The private match (ALPHA 5-0 BRAVO) was reported with this log.
    await server.db
      .updateTable('matches')
      .set({ log_upload_id: upload.id })
      .where('id', '=', fx.matches.private)
      .execute();
    try {
      for (const user of [fx.users.plain, fx.users.charlieManager]) {
        expect(await names(user.cookie)).toEqual(['aaaa-export.csv']);
        expect((await get(bbbb, user.cookie)).status).toBe(404);
      }
      for (const user of [fx.users.alphaManager, fx.users.admin]) {
        expect(await names(user.cookie)).toEqual(['aaaa-export.csv', 'bbbb-export.txt']);
        expect(await (await get(bbbb, user.cookie)).text()).toBe('hello log');
        // The log browser page links the file to its match.
        const page = await (await get('/log-browser?path=2026/05&series=S1', user.cookie)).text();
        expect(page).toContain(`href="/statistics/matches/${fx.matches.private}?series=S1"`);
      }
    } finally {
      await server.db
        .updateTable('matches')
        .set({ log_upload_id: null })
        .where('id', '=', fx.matches.private)
        .execute();
    }
  });

  it('links every match a log produced on the log browser page (a file of two games)', async () => {
    const upload = await server.db
      .selectFrom('log_uploads')
      .select('id')
      .where('path', '=', '2026/05/aaaa-export.csv')
      .executeTakeFirstOrThrow();
    const [first, second] = fx.matches.public as [number, number];
    for (const [index, id] of [first, second].entries())
      await server.db
        .updateTable('matches')
        .set({ log_upload_id: upload.id, log_match_index: index })
        .where('id', '=', id)
        .execute();
    try {
      const page = await (await get('/log-browser?path=2026/05&series=S1', fx.users.plain.cookie)).text();
      const row = /<tr[^>]*>(?:(?!<\/tr>)[\s\S])*aaaa-export\.csv[\s\S]*?<\/tr>/.exec(page)?.[0] ?? '';
      const linked = [...row.matchAll(/href="\/statistics\/matches\/(\d+)\?series=S1"[^>]*>Match (\d+)</g)];
      expect(linked.map((m) => [Number(m[1]), Number(m[2])])).toEqual([
        [first, first],
        [second, second],
      ]);
    } finally {
      await server.db
        .updateTable('matches')
        .set({ log_upload_id: null, log_match_index: null })
        .where('id', 'in', [first, second])
        .execute();
    }
  });
});
