import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '#tests/helpers/database.ts';
import { startTestServer, type TestServer } from '#tests/helpers/server.ts';
import { buildReadFixture, type ReadFixture } from '#tests/helpers/read-fixtures.ts';

/** The match ids a match list page links to, in page order. */
function listedMatches(html: string): number[] {
  const list = html.split('id="match-list"')[1] ?? '';
  return [...list.matchAll(/href="\/statistics\/matches\/(\d+)\?/g)].map((m) => Number(m[1]));
}

describe.each(engines)('match pages on %s', (engine) => {
  let server: TestServer;
  let fx: ReadFixture;
  const page = async (path: string, cookie?: string) => {
    const response = await server.fetch(path, cookie ? { headers: { cookie } } : {});
    return { status: response.status, location: response.headers.get('location'), html: await response.text() };
  };
  const filter = (value: unknown) =>
    `/statistics/matches?series=S1&filter=${encodeURIComponent(JSON.stringify(value))}`;

  beforeAll(async () => {
    server = await startTestServer(engine);
    fx = await buildReadFixture(server.db);
  });
  afterAll(() => server.close());

  it('lists the public matches newest first with their status labels', async () => {
    const { status, html } = await page('/statistics/matches?series=S1');
    expect(status).toBe(200);
    expect(listedMatches(html)).toEqual([...fx.matches.public].reverse());
    expect(html).toContain('>Posted<');
    expect(html).toContain('>Friendly<');
    expect(html).toContain('UNREG');
    expect(html).toContain('1–3 of 3');
  });

  it('filters by the JSON filter and ignores an invalid one', async () => {
    expect(listedMatches((await page(filter({ map: ['Foy'] }))).html)).toEqual([fx.matches.public[1]]);
    expect(listedMatches((await page(filter({ type: ['friendly'], status: ['skipped'] }))).html)).toEqual([
      fx.matches.public[2],
    ]);
    for (const invalid of ['{nope', '[]', JSON.stringify({ map: ['nowhere'], result: ['9-9'] })]) {
      const { status, html } = await page(`/statistics/matches?series=S1&filter=${encodeURIComponent(invalid)}`);
      expect(status, invalid).toBe(200);
      expect(listedMatches(html), invalid).toHaveLength(3);
    }
  });

  it('pages ten at a time and shows the empty state past the end', async () => {
    const { html } = await page('/statistics/matches?series=S1&page=1');
    expect(listedMatches(html)).toEqual([]);
    expect(html).toContain('No matches');
  });

  it('turns the plain filter form into the canonical address and redirects the old addresses keeping the query', async () => {
    const form = await page('/statistics/matches?series=S1&page=2&filtered=1&type=event&map=foy');
    expect(form.status).toBe(303);
    const target = new URL(form.location ?? '', 'http://x');
    expect(JSON.parse(target.searchParams.get('filter') ?? '')).toEqual({ map: ['foy'], type: ['event'] });
    expect(target.searchParams.has('page')).toBe(false);
    const list = await page('/matches?series=S1&utm=discord');
    expect([list.status, list.location]).toEqual([301, '/statistics/matches?series=S1&utm=discord']);
    const one = await page(`/matches/${fx.matches.public[0]}?series=S1&utm=x`);
    expect([one.status, one.location]).toEqual([301, `/statistics/matches/${fx.matches.public[0]}?series=S1&utm=x`]);
  });

  it("shows a match's scoreboard with percentiles, and 'No match' for an unknown or malformed id", async () => {
    const { status, html } = await page(`/statistics/matches/${fx.matches.public[0]}?series=S1`);
    expect(status).toBe(200);
    expect(html).toContain('<title>ALPHA vs BRAVO 5-0 | Hell Let Loose Skill System</title>');
    expect(html).toContain('Match percentile');
    expect(html).toContain('Player1');
    // Player 7 has a private profile: left out.
    expect(html).not.toContain('Player7');
    for (const id of ['999999', 'abc', '0']) {
      const missing = await page(`/statistics/matches/${id}?series=S1`);
      expect(missing.status, id).toBe(404);
      expect(missing.html, id).toContain('No match');
    }
  });

  it('shows a private match to its managers and admins only (403 page otherwise)', async () => {
    const path = `/statistics/matches/${fx.matches.private}?series=S1`;
    for (const cookie of [undefined, fx.users.plain.cookie, fx.users.charlieManager.cookie]) {
      const { status, html } = await page(path, cookie);
      expect(status).toBe(403);
      expect(html).toContain('This match is private');
    }
    for (const cookie of [fx.users.alphaManager.cookie, fx.users.admin.cookie])
      expect((await page(path, cookie)).status).toBe(200);
  });

  it('sends signed-out visitors of the report form to sign in, and tells non-managers who reports', async () => {
    const anonymous = await page('/statistics/matches/report?series=S1');
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toBe(
      `/v2/auth/discord/login?redirect_uri=${encodeURIComponent('/statistics/matches/report?series=S1')}`,
    );
    expect((await page('/statistics/matches/report?series=S1', fx.users.plain.cookie)).html).toContain(
      'Only team managers report matches',
    );
    const manager = await page('/statistics/matches/report?series=S1', fx.users.alphaManager.cookie);
    expect(manager.html).toContain('report-form');
    expect(manager.html).not.toContain('Only team managers report matches');
  });
  it("offers the match edits to either team's managers and admins only, as labelled forms with the series' tournaments", async () => {
    const s0 = await server.db.selectFrom('series').select('id').where('tag', '=', 'S0').executeTakeFirstOrThrow();
    await server.db
      .insertInto('tournaments')
      .values({
        tag: 'ZERO',
        name: 'Season 0 Cup',
        icon: null,
        invite: null,
        series_id: s0.id,
        starts_at: null,
        ends_at: null,
      })
      .execute();
    const path = `/statistics/matches/${fx.matches.public[0]}?series=S1`;
    for (const cookie of [undefined, fx.users.plain.cookie, fx.users.charlieManager.cookie]) {
      const { html } = await page(path, cookie);
      expect(html).not.toContain('class="match-edits"');
      expect(html).not.toContain('Edit match');
    }
    for (const cookie of [fx.users.alphaManager.cookie, fx.users.admin.cookie]) {
      const { status, html } = await page(path, cookie);
      expect(status).toBe(200);
      const island = html.split('class="match-edits"')[1] ?? '';
      expect(island).toContain('Edit match');
      for (const legend of ['Tournament', 'Streams', 'Cap flips', 'Layout'])
        expect(island).toMatch(new RegExp(`<legend id="match-edit-[a-z-]+-legend">${legend}</legend>`));
      expect(island).toContain('<label for="match-edit-tournament-tag">Tournament</label>');
      // The series' tournaments and those of no series; not another series' tournament.
      expect(island).toMatch(/<option value="CUP">CUP<!-- --> <!-- -->Winter Cup<\/option>/);
      expect(island).toMatch(/<option value="OLD">OLD<!-- --> <!-- -->Old Cup<\/option>/);
      expect(island).not.toContain('ZERO');
      // The layout is chosen on the map's sectors (carentan: five sectors, the Allies HQ on the left).
      expect(island).toContain('value="Town Center"');
      expect(island).toMatch(/Sector <!-- -->1<!-- --> \(Allies HQ side\)/);
    }
  });

  it("shows the match's layout on the tactical map, and a map without caps still renders the rest", async () => {
    const [withLayout, , other] = fx.matches.public as [number, number, number];
    await server.db
      .updateTable('matches')
      .set({ map_layout: JSON.stringify(['Town Center', 'Blactot']) })
      .where('id', '=', withLayout)
      .execute();
    const { html } = await page(`/statistics/matches/${withLayout}?series=S1`);
    expect(html).toMatch(
      /Layout:<\/strong>\s*1\. Blactot · 2\. not known · 3\. Town Center · 4\. not known · 5\. not known/,
    );
    expect(html).toMatch(/<strong[^>]*>Town Center \(in play\)<\/strong>/);
    expect(html).toContain('sector 3 Town Center');

    const before = await server.db
      .selectFrom('matches')
      .select('map')
      .where('id', '=', other)
      .executeTakeFirstOrThrow();
    await server.db.updateTable('matches').set({ map: 'atlantis' }).where('id', '=', other).execute();
    try {
      const missing = await page(`/statistics/matches/${other}?series=S1`, fx.users.alphaManager.cookie);
      expect(missing.status).toBe(200);
      expect(missing.html).toContain('No tactical map');
      expect(missing.html).not.toContain("The data couldn't be fetched");
      expect(missing.html).toContain('id="scoreboard"');
      // The edits stay, without a layout to choose.
      expect(missing.html).toContain('so its layout cannot be chosen');
    } finally {
      await server.db.updateTable('matches').set({ map: before.map }).where('id', '=', other).execute();
    }
  });
});
