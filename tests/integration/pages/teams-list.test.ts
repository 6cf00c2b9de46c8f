import { describe, expect, it } from 'vitest';
import { engines } from '#tests/helpers/database.ts';
import { readSite } from '#tests/helpers/read-pages.ts';
import type { Rendered } from '#tests/helpers/dom.ts';

/** /teams as the server renders it, on the read fixture (S1: BRAVO 1st, ALPHA 2nd, CHARLIE pending, DELTA inactive). */
describe.each(engines)('the team list page on %s', (engine) => {
  const site = readSite(engine);
  const { page } = site;
  /**
   * Each table row as [rank and movement, team text, W–L, score, matches] (ultrahtml matches two-level descendant
   * selectors only).
   */
  const rows = (doc: Rendered) =>
    doc
      .all('#team-list tr')
      .filter((tr) => tr.all('td').length > 0)
      .map((tr) => {
        const cells = tr.all('td').map((td) => td.text);
        const team = `${tr.all('.tag')[0]?.text} ${tr.all('.name')[0]?.text}`;
        return [cells[0], team, cells[2], cells[4], cells[7]];
      });

  it('ranks the active teams with ordinals, pending after them, and counts them in the header', async () => {
    const doc = await page('/teams?series=S1');
    expect(doc.one('h1').text).toBe('Teams');
    expect(doc.one('.page-header .count').text).toBe('3 teams');
    expect(rows(doc)).toEqual([
      ['1st –', 'BRAVO Bravo Battalion', '1–0', '25.00', 'Matches 4'],
      ['2nd –', 'ALPHA Alpha Company', '1–0', '24.00', 'Matches 5'],
      ['pending', 'CHARLIE Charlie Corps', '1–0', '26.00 provisional', 'Matches 1'],
    ]);
    const headers = doc.all('#team-list th').map((th) => th.text);
    expect(headers).toContain('TrueSkill mean (μ)');
    expect(headers).toContain('Standard deviation (σ)');
    expect(doc.one('#team-list a[href^="/teams/ALPHA"]').attrs['href']).toBe('/teams/ALPHA?series=S1');
  });

  it('offers a registration request to visitors and team creation to admins', async () => {
    const visitor = await page('/teams?series=S1');
    expect(visitor.one('.page-header a.button').text).toBe('Request team registration');
    expect(visitor.one('.page-header a.button').attrs['href']).toBe('/teams/request?series=S1');
    const admin = await page('/teams?series=S1', site.fx.users.admin.cookie);
    expect(admin.one('.page-header a.button').text).toBe('Create team');
    expect(admin.one('.page-header a.button').attrs['href']).toBe('/teams/add?series=S1');
  });

  it('shows the inactive teams with inactiveOnly=true and keeps it in the links', async () => {
    const doc = await page('/teams?series=S1&inactiveOnly=true');
    expect(doc.one('h1').text).toBe('Inactive Teams');
    expect(rows(doc)).toEqual([['1st new', 'DELTA Delta Division', '1–0', '5.00', 'Matches 6']]);
    const cards = doc.all('nav[aria-label="View"] a').map((a) => a.attrs['href']);
    expect(cards).toContain('/teams?series=S1&inactiveOnly=true&view=cards');
    expect(doc.all('form[role="search"] input[type="hidden"]').map((i) => [i.attrs['name'], i.attrs['value']])).toEqual(
      [
        ['series', 'S1'],
        ['inactiveOnly', 'true'],
      ],
    );
  });

  it('finds teams by tag or name, case-insensitively, keeping their ranks', async () => {
    expect(rows(await page('/teams?series=S1&query=alp'))).toEqual([
      ['2nd –', 'ALPHA Alpha Company', '1–0', '24.00', 'Matches 5'],
    ]);
    expect(rows(await page('/teams?series=S1&query=%20corps%20'))).toEqual([
      ['pending', 'CHARLIE Charlie Corps', '1–0', '26.00 provisional', 'Matches 1'],
    ]);
    const none = await page('/teams?series=S1&query=%25');
    expect(none.all('#team-list')).toHaveLength(0);
    expect(none.one('.empty-state').text).toBe("No teams No team's tag or name contains '%'.");
    expect(none.one('.page-header .count').text).toBe('0 teams');
  });

  it('shows cards with 48 px icons in the cards view', async () => {
    const doc = await page('/teams?series=S1&view=cards');
    expect(doc.all('.team-card')).toHaveLength(3);
    expect(doc.all('.team-card .team-icon.large')).toHaveLength(3);
    expect(doc.all('.team-card')[2]!.text).toContain('pending');
  });

  it('says there are no teams in a series without any, and ignores a bad page or view', async () => {
    const doc = await page('/teams?series=S0&inactiveOnly=true');
    expect(doc.one('.empty-state').text).toBe('No teams There are no registered teams, yet');
    const odd = await page('/teams?series=S1&page=-3&pageSize=7&view=tiles');
    expect(rows(odd)).toHaveLength(3);
  });
});
