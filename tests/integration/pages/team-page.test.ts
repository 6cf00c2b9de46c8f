import { describe, expect, it } from 'vitest';
import { engines } from '#tests/helpers/database.ts';
import { readSite } from '#tests/helpers/read-pages.ts';
import type { Rendered } from '#tests/helpers/dom.ts';

/**
 * /teams/{team} as the server renders it, on the read fixture: ALPHA (2nd, previously 'ALF') beat BRAVO 5-0 on
 * Carentan as Allies (day 1), lost 1-4 to BRAVO on Foy as Allies (day 2), beat the unregistered UNREG 3-2 on Carentan
 * as Axis (day 3, friendly) and beat BRAVO 5-0 in a private match (day 4).
 */
describe.each(engines)('the team page on %s', (engine) => {
  const site = readSite(engine);
  const { page } = site;
  /** The rows of the table under `#id` as the text of their cells. */
  const rows = (doc: Rendered, id: string) =>
    doc
      .all(`#${id} tr`)
      .map((tr) => tr.all('td').map((td) => td.text))
      .filter((cells) => cells.length > 0);

  it('shows the header: tag and name, rank, score, record, TrueSkill numbers and previous tags', async () => {
    const doc = await page('/teams/ALPHA?series=S1');
    expect(doc.all('head title')[0]!.text).toBe('ALPHA Alpha Company | Hell Let Loose Skill System');
    expect(doc.one('h1').text).toBe('ALPHA Alpha Company');
    expect(doc.one('.team-header .summary').text).toBe('2nd Score 24.00 How ratings work Record 1–0 (wins–losses)');
    const how = doc
      .one('.team-header')
      .all('.summary a')
      .find((a) => a.text === 'How ratings work');
    expect(how?.attrs['href']).toBe('/statistics/ratings?series=S1');
    const facts = doc.one('.team-header .facts').text;
    expect(facts).toContain('TrueSkill mean (μ) 30.00');
    expect(facts).toContain('Standard deviation (σ) 2.00');
    expect(facts).toContain('Matches played 5');
    expect(facts).toContain('Previous tags ALF until Dec 1, 2025');
    expect(doc.all('.team-header a.edit')).toHaveLength(0);
    expect((await page('/teams/CHARLIE?series=S1')).one('.team-header .summary').text).toMatch(/^pending /);
  });

  it('lists the public matches newest first from the team’s side, with the opponent', async () => {
    const doc = await page('/teams/ALPHA?series=S1');
    expect(rows(doc, 'matches').map((cells) => cells.slice(1, 3))).toEqual([
      ['Won 3-2', 'UNREG unregistered'],
      ['Lost 1-4', 'BR BRAVO Bravo Battalion'],
      ['Won 5-0', 'BR BRAVO Bravo Battalion'],
    ]);
    expect(doc.all('#private-matches')).toHaveLength(0);
  });

  it('lists the public players with their first alias as the name, linked to the player', async () => {
    const doc = await page('/teams/ALPHA?series=S1');
    expect(rows(doc, 'players')).toEqual([
      ['Player1', 'Alpha One, A1_%'],
      ['PrimaryTwo', '–'],
    ]);
    expect(doc.all('#players a')[0]!.attrs['href']).toMatch(/^\/statistics\/players\/7656119\d+\?series=S1$/);
  });

  it('computes win rates by side and by map from the public matches', async () => {
    const doc = await page('/teams/ALPHA?series=S1');
    const text = doc.one('#win-rates').text;
    expect(text).toContain('Side Allies Axis Win rate 50% 100%');
    expect(text).toContain('Carentan (2/2) 100%');
    expect(text).toContain('Foy (0/1) 0%');
  });

  it('compares two teams head to head: record, win probability and match quality', async () => {
    const doc = await page('/teams/ALPHA?series=S1&vs=BRAVO');
    const text = doc.one('#head-to-head').text;
    expect(text).toContain('Record (ALPHA wins–losses) 1–1');
    const chance = Number(/Predicted win probability of ALPHA (\d+)%/.exec(text)?.[1]);
    expect(chance).toBeGreaterThan(50);
    expect(chance).toBeLessThan(100);
    expect(text).toMatch(/Match quality \d+%/);
    expect(doc.all('#h2h-vs option').map((o) => o.attrs['value'])).toEqual(['', 'BRAVO', 'CHARLIE']);
    const unknown = await page('/teams/ALPHA?series=S1&vs=NOPE');
    expect(unknown.one('#head-to-head .error-banner').text).toBe("Team 'NOPE' does not exist");
  });

  it('shows the private matches and the edit link to the team’s managers and admins only', async () => {
    for (const cookie of [site.fx.users.alphaManager.cookie, site.fx.users.admin.cookie]) {
      const doc = await page('/teams/ALPHA?series=S1', cookie);
      expect(rows(doc, 'private-matches').map((cells) => cells.slice(1, 3))).toEqual([
        ['Won 5-0', 'BR BRAVO Bravo Battalion'],
      ]);
      expect(doc.one('.team-header a.edit').attrs['href']).toBe('/teams/ALPHA/edit?series=S1');
    }
    const other = await page('/teams/ALPHA?series=S1', site.fx.users.charlieManager.cookie);
    expect(other.all('#private-matches')).toHaveLength(0);
  });

  it('sends an old tag to the current one and answers 404 for an unknown team', async () => {
    const old = await site.server.fetch('/teams/ALF?series=S1&vs=BRAVO');
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe('/teams/ALPHA?series=S1&vs=BRAVO');
    expect((await site.server.fetch('/teams/NOPE?series=S1')).status).toBe(404);
    // ECHO played in S0 only: its page in S1 says so (tests/integration/pages/lasting-links.test.ts).
    expect((await site.server.fetch('/teams/ECHO?series=S1')).status).toBe(200);
  });
});
