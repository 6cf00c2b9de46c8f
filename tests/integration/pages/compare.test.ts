import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '#tests/helpers/database.ts';
import { startTestServer, type TestServer } from '#tests/helpers/server.ts';
import { buildReadFixture, steamId, type ReadFixture } from '#tests/helpers/read-fixtures.ts';
import { sectionById, tableRows, textOf } from '#tests/helpers/html.ts';

describe.each(engines)('compare page on %s', (engine) => {
  let server: TestServer;
  let fx: ReadFixture;
  const page = async (path: string, cookie?: string) => {
    const response = await server.fetch(path, cookie ? { headers: { cookie } } : {});
    return { status: response.status, html: await response.text() };
  };
  const ids = (...list: string[]) => list.map((id) => `steamId=${id}`).join('&');
  const headers = (html: string) =>
    [...(sectionById(html, 'side-by-side') ?? '').matchAll(/<th scope="col"[^>]*>([\s\S]*?)<\/th>/g)].map((m) =>
      textOf(m[1] ?? ''),
    );

  beforeAll(async () => {
    server = await startTestServer(engine);
    fx = await buildReadFixture(server.db);
  });
  afterAll(() => server.close());

  it('loads each steamId once and drops the private and unknown ones with a note naming them', async () => {
    const query = ids(steamId(1), steamId(7), 'nobody', steamId(2), ` ${steamId(1)} `);
    const { status, html } = await page(`/statistics/compare?series=S1&${query}`);
    expect(status).toBe(200);
    expect(headers(html)).toEqual(['Measure', 'Player1', 'PrimaryTwo']);
    const text = textOf(html);
    expect(text).toContain(
      `Not compared: ${steamId(7)} : This profile is private nobody : Player nobody does not exist`,
    );
    const rows = tableRows(sectionById(html, 'side-by-side') ?? '');
    // A stacked table labels each value with its column (the player) for narrow screens.
    expect(rows[0]).toEqual(['Matches', 'Player1 2', 'PrimaryTwo 0']);
    expect(rows[1]).toEqual(['Kills/min (x̄ ± s)', 'Player1 1.00 ± 0.10', 'PrimaryTwo –']);
  });

  it('compares a private profile for its owner', async () => {
    const { html } = await page(`/statistics/compare?series=S1&${ids(steamId(1), steamId(7))}`, fx.users.owner.cookie);
    expect(headers(html)).toEqual(['Measure', 'Player1', 'Player7']);
    expect(textOf(html)).not.toContain('Not compared');
  });

  it('drops ids beyond six players', async () => {
    const many = Array.from({ length: 7 }, (_, i) => steamId(100 + i));
    const { html } = await page(`/statistics/compare?series=S1&${ids(...many)}`);
    expect(textOf(html)).toContain(`${steamId(106)} : At most 6 players can be compared at once`);
  });

  it('searches players to add, leaving out those compared, with links that keep the others', async () => {
    const { html } = await page(`/statistics/compare?series=S1&${ids(steamId(1))}&query=%20player%20`);
    const rows = tableRows(sectionById(html, 'add-player') ?? '');
    expect(rows.map((r) => r[0])).not.toContain('Player1');
    // The search names players by their last-seen name (spec section 3, "Player search result").
    expect(rows.map((r) => r[0])).toContain('Player2');
    expect(html).toContain(`href="/statistics/compare?series=S1&amp;steamId=${steamId(1)}&amp;steamId=${steamId(2)}"`);
    expect(html).toMatch(new RegExp(`<input type="hidden" name="steamId" value="${steamId(1)}"`));
  });

  it('without players says how to add some', async () => {
    const { status, html } = await page('/statistics/compare?series=S1');
    expect(status).toBe(200);
    expect(textOf(html)).toContain('No players to compare');
    expect(sectionById(html, 'side-by-side')).toBeUndefined();
  });
});
