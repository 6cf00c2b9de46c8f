import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '#tests/helpers/database.ts';
import { startTestServer, type TestServer } from '#tests/helpers/server.ts';
import { buildReadFixture, jsonb, steamId, type ReadFixture } from '#tests/helpers/read-fixtures.ts';
import { sectionById, tableRows, textOf } from '#tests/helpers/html.ts';
import { POPULATION_MIN_MATCHES } from '#lib/domain/skill/population.ts';
import { replacePlayerPercentiles } from '#lib/server/repositories/player-skills.ts';

/**
 * Population of the competitive skill percentiles: players 2-4 public with >= 3 matches, 7 private. The rows are
 * written directly, so their percentile counts are counted as the skills refresh would.
 */
async function addSkills(server: TestServer, seriesId: number) {
  const rows: [number, number, number[]][] = [
    [2, 3, [0.5, 1, 5, 10]],
    [3, 4, [2, 0.2, 20, 30]],
    [4, 5, [1, 0.7, 12, 25]],
    [7, 9, [9, 0, 99, 99]],
  ];
  for (const [n, matches, xBar] of rows)
    await server.db
      .insertInto('player_skills')
      .values({
        series_id: seriesId,
        steam_id: steamId(n),
        game_type: 'competitive',
        matches,
        x_bar: jsonb(xBar),
        s: null,
        skill_vector: null,
        weapon_stats: jsonb({}),
        role_stats: jsonb({}),
      })
      .execute();
  await replacePlayerPercentiles(server.db, seriesId, ['competitive'], POPULATION_MIN_MATCHES);
}

describe.each(engines)('player pages on %s', (engine) => {
  let server: TestServer;
  let fx: ReadFixture;
  const page = async (path: string, cookie?: string) => {
    const response = await server.fetch(path, cookie ? { headers: { cookie } } : {});
    return { status: response.status, location: response.headers.get('location'), html: await response.text() };
  };

  beforeAll(async () => {
    server = await startTestServer(engine);
    fx = await buildReadFixture(server.db);
    await addSkills(server, fx.series.s1);
  });
  afterAll(() => server.close());

  it('searches with the trimmed query and lists public players with their match counts', async () => {
    const { status, html } = await page('/statistics/players?series=S1&query=%20%20alpha%20one%20');
    expect(status).toBe(200);
    expect(html).toContain('value="alpha one"');
    // Name, other names, team played for most, last seen, competitive and event matches (labelled for phones).
    const rows = tableRows(sectionById(html, 'results') ?? '');
    expect(rows.map((r) => [r[0], r[1], r[2], r[4], r[5]])).toEqual([
      ['Player1', 'Alpha One, A1_%', 'ALPHA', 'Comp. 1', 'Event 1'],
    ]);
    expect(rows[0]?.[3]).toMatch(/^Seen \w{3} \d{1,2}, \d{4}$/);
    expect(html).toContain(`href="/statistics/players/${steamId(1)}?series=S1"`);
  });

  it('finds no private player, and says so in words', async () => {
    const { html } = await page('/statistics/players?series=S1&query=hidden');
    expect(textOf(sectionById(html, 'results') ?? '')).toContain('No players found');
  });

  it('an empty or whitespace-only query shows no results but the most active public players', async () => {
    for (const query of ['', '%20%20%20']) {
      const { status, html } = await page(`/statistics/players?series=S1&query=${query}`);
      expect(status).toBe(200);
      expect(sectionById(html, 'results')).toBeUndefined();
      const top = tableRows(sectionById(html, 'top-players') ?? '');
      expect(top.length).toBeGreaterThan(0);
      expect(top.map((r) => r[0])).toContain('Player1');
      // A private player is never listed.
      expect(top.map((r) => r[0])).not.toContain('Player7');
    }
  });

  it('refuses an over-long query with 400 and its reason, not a 500', async () => {
    const { status, html } = await page(`/statistics/players?series=S1&query=${'x'.repeat(101)}`);
    expect(status).toBe(400);
    expect(textOf(html)).toContain("Invalid parameter 'query': must be at most 100 characters");
  });

  it('shows the banners of error=private and error=not-found with the id', async () => {
    const privatePage = await page(`/statistics/players?series=S1&error=private&query=${steamId(7)}`);
    expect(textOf(privatePage.html)).toContain('This profile is private');
    expect(privatePage.html).toContain(`value="${steamId(7)}"`);
    const missing = await page('/statistics/players?series=S1&error=not-found&query=76561190000000099');
    expect(textOf(missing.html)).toContain('Player 76561190000000099 does not exist');
  });

  it('redirects a private player to the search with error=private, except for the owner and admins', async () => {
    const anonymous = await page(`/statistics/players/${steamId(7)}?series=S1`);
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toBe(`/statistics/players?series=S1&error=private&query=${steamId(7)}`);
    const plain = await page(`/statistics/players/${steamId(7)}?series=S1`, fx.users.plain.cookie);
    expect(plain.status).toBe(302);
    const owner = await page(`/statistics/players/${steamId(7)}?series=S1`, fx.users.owner.cookie);
    expect(owner.status).toBe(200);
    expect(textOf(owner.html)).toContain('Your profile (private)');
    expect((await page(`/statistics/players/${steamId(7)}?series=S1`, fx.users.admin.cookie)).status).toBe(200);
  });

  it('redirects an unknown or malformed id to the search with error=not-found', async () => {
    for (const id of ['76561190000000099', 'nobody']) {
      const { status, location } = await page(`/statistics/players/${id}?series=S1`);
      expect(status).toBe(302);
      expect(location).toBe(`/statistics/players?series=S1&error=not-found&query=${id}`);
    }
  });

  it('shows a player: names, teams, rates with series percentiles, weapons, roles and public recent matches', async () => {
    const { status, html } = await page(`/statistics/players/${steamId(1)}?series=S1`);
    expect(status).toBe(200);
    const text = textOf(html);
    expect(html).toMatch(/<h1[^>]*>Player1<\/h1>/);
    expect(text).toContain('Also known as Alpha One, A1_%');
    expect(text).toContain('ALPHA Alpha Company 2 matches');
    // The header counts the matches as the team line does (public matches of the series), so the two agree.
    expect(text).toContain('2 matches in this series');
    // Player 1 (2 matches) is compared with players 2-4; private player 7 never counts.
    expect(tableRows(sectionById(html, 'rates') ?? '')).toEqual([
      ['Kills/min', 'x̄ 1.00', 'Spread 0.10', 'Better than 50%'],
      ['Deaths/min', 'x̄ 0.50', 'Spread 0.10', 'Better than 67%'],
      ['Support/min', 'x̄ 10.00', 'Spread 1.00', 'Better than 33%'],
      ['Combat/min', 'x̄ 20.00', 'Spread 2.00', 'Better than 33%'],
    ]);
    expect(text).toContain('compares with the 3 public players');
    // M1_GARAND is a rifle: its kills count under Infantry.
    expect(tableRows(sectionById(html, 'weapons') ?? '')[0]?.slice(0, 3)).toEqual(['Infantry', 'Kills 3', '100.0%']);
    const recent = tableRows(sectionById(html, 'recent-matches') ?? '');
    expect(recent.map((r) => [r[1], r[3], r[4], r[5]])).toEqual([
      ['Foy', 'ALPHA vs BRAVO', 'Lost 4-1', 'Allies'],
      ['Carentan', 'ALPHA vs BRAVO', 'Won 5-0', 'Allies'],
    ]);
  });

  it('never lists a private match among recent matches', async () => {
    const { html } = await page(`/statistics/players/${steamId(5)}?series=S1`);
    expect(textOf(sectionById(html, 'recent-matches') ?? '')).toContain('No matches');
  });
});
