import { describe, expect, it } from 'vitest';
import { engines } from '#tests/helpers/database.ts';
import { readSite } from '#tests/helpers/read-pages.ts';
import type { Rendered } from '#tests/helpers/dom.ts';

/*
 * Links shared in the community's chat outlive the season they were posted in (issue 38): a match link finds the
 * match whatever series it names, a team link in a series the team did not play in says where it did, and the
 * series dropdown and the user menu lead to pages that exist. The read fixture has S0 (old: team ECHO and one match)
 * and S1 (current: ALPHA, BRAVO, the CUP tournament and its match).
 */
describe.each(engines)('links across series on %s', (engine) => {
  const site = readSite(engine);
  const { page } = site;
  const answer = async (path: string) => {
    const response = await site.server.fetch(path);
    await response.arrayBuffer();
    return [response.status, response.headers.get('location')];
  };
  /** The series dropdown's links by series tag. */
  const menu = (doc: Rendered) =>
    Object.fromEntries(
      doc.all('details.series-menu a[data-series]').map((a) => [a.attrs['data-series'], a.attrs['href']]),
    );

  it('sends a match link naming no series or another series to the match in its own series, for good', async () => {
    const old = site.fx.matches.s0;
    expect(await answer(`/statistics/matches/${old}`)).toEqual([301, `/statistics/matches/${old}?series=S0`]);
    expect(await answer(`/statistics/matches/${old}?series=S1&utm=x`)).toEqual([
      301,
      `/statistics/matches/${old}?series=S0&utm=x`,
    ]);
    expect(await answer(`/matches/${old}?utm=x`)).toEqual([301, `/statistics/matches/${old}?utm=x&series=S0`]);
    const current = site.fx.matches.public[0];
    expect(await answer(`/statistics/matches/${current}?series=s0`)).toEqual([
      301,
      `/statistics/matches/${current}?series=S1`,
    ]);
    expect((await page(`/statistics/matches/${old}?series=S0`)).one('h1').text).toContain('ECHO');
    // No match at all keeps the page's 'no match' state.
    expect(await answer('/statistics/matches/999999?series=S1')).toEqual([404, null]);
  });

  it("links a tournament's matches in the tournament's series whatever series the page is in", async () => {
    const doc = await page('/statistics/tournaments/CUP?series=S0');
    const links = doc.all('a').map((a) => a.attrs['href'] ?? '');
    const matchLinks = links.filter((href) => /^\/statistics\/matches\/\d+\?/.test(href));
    expect(matchLinks.length).toBeGreaterThan(0);
    for (const href of matchLinks) expect(new URL(href, 'http://x').searchParams.get('series'), href).toBe('S1');
  });

  it('says a team did not play in this series and links the series where it did', async () => {
    const doc = await page('/teams/ECHO?series=S1');
    expect(doc.one('h1').text).toBe('ECHO Echo');
    expect(doc.one('main').text).toContain('ECHO did not play in Season 1.');
    const played = doc.one('[data-played-in]');
    expect(played.all('a').map((a) => [a.text, a.attrs['href']])).toEqual([['Season 0', '/teams/ECHO?series=S0']]);
    const unknown = await site.server.fetch('/teams/NOPE?series=S1');
    expect(unknown.status).toBe(404);
    const text = await unknown.text();
    expect(text).toContain('<h1>Team not found</h1>');
  });

  it("leads the series dropdown on a team's page to the team where it played, else to that series' team list", async () => {
    expect(menu(await page('/teams/ECHO?series=S0'))).toEqual({ S1: '/teams?series=S1', S0: '/teams/ECHO?series=S0' });
    expect(menu(await page('/teams/ALPHA?series=S1&vs=BRAVO'))).toEqual({
      S1: '/teams/ALPHA?series=S1',
      S0: '/teams?series=S0',
    });
  });

  it('never carries a sign-in error in the series dropdown', async () => {
    const links = menu(await page('/privacy-policy?series=S1&login_error=denied&utm=discord'));
    expect(links).toEqual({ S1: '/privacy-policy?series=S1&utm=discord', S0: '/privacy-policy?series=S0&utm=discord' });
  });

  it('points My Teams at a series where the team played', async () => {
    const cookie = site.fx.users.alphaManager.cookie;
    const myTeams = async (path: string) =>
      (await page(path, cookie))
        .all('a[data-menu-item]')
        .filter((a) => a.text === 'ALPHA')
        .map((a) => a.attrs['href']);
    expect(await myTeams('/privacy-policy?series=S0')).toEqual(['/teams/ALPHA?series=S1']);
    expect(await myTeams('/privacy-policy?series=S1')).toEqual(['/teams/ALPHA?series=S1']);
  });
});
