import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { auditAccessibility } from './axe.ts';
import { signInAs } from './sign-in.ts';

/*
 * Links posted in the community's Discord outlive the season they were posted in (issue 38): a match link lands on
 * the match whatever series it names, a team link in a series the team did not play in leads somewhere useful, the
 * series dropdown never leads to a 404, and the sitemap, the canonical link and og:url spell every page alike.
 */

test.describe.configure({ timeout: 120_000 });

interface SeriesItem {
  tag: string;
  current: boolean;
}

async function seriesList(request: APIRequestContext): Promise<SeriesItem[]> {
  return (await (await request.get('/v3/series')).json()) as SeriesItem[];
}

/** The tags of every team, active or not, with a row in `series`. */
async function teamTags(request: APIRequestContext, series: string): Promise<string[]> {
  const lists = await Promise.all(
    ['false', 'true'].map(async (inactiveOnly) => {
      const answer = await request.get(`/v3/series/${series}/teams?limit=100&inactiveOnly=${inactiveOnly}`);
      return (await answer.json()) as { tag: string }[];
    }),
  );
  return lists.flat().map((t) => t.tag);
}

const axe = async (page: Page) => {
  const results = await auditAccessibility(page);
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
};

test('a match link from another series or from no series lands on the match', async ({ page, request }) => {
  const all = await seriesList(request);
  const old = all.find((s) => !s.current)!;
  const current = all.find((s) => s.current)!;
  const list = (await (await request.get(`/v3/series/${old.tag}/matches?limit=1`)).json()) as {
    matches: { match_id: number; team_details: { tag: string }[] }[];
  };
  const match = list.matches[0]!;
  for (const address of [
    `/statistics/matches/${match.match_id}`,
    `/statistics/matches/${match.match_id}?series=${current.tag}&utm=discord`,
    `/matches/${match.match_id}`,
  ]) {
    const response = await page.goto(address);
    expect([address, response?.status()]).toEqual([address, 200]);
    expect(new URL(page.url()).searchParams.get('series'), address).toBe(old.tag);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(match.team_details[0]!.tag);
  }
  // The series dropdown keeps its rule on a match page: disabled, a match belongs to one series.
  await expect(page.getByText(/^Series: /)).toHaveAttribute('aria-disabled', 'true');
});

test('a team link in a series where it did not play says so and leads to the series where it did', async ({
  page,
  request,
  baseURL,
}) => {
  const all = await seriesList(request);
  const old = all.find((s) => !s.current)!;
  const current = all.find((s) => s.current)!;
  // A team that played in an old series only: created there by an admin (it gets a rating row in that series).
  await signInAs(page, 'admin', '/privacy-policy');
  const csrf = (await page.context().cookies()).find((c) => c.name === 'csrf_token')!.value;
  const team = '[OLD38]';
  const created = await page.request.post(`/v3/series/${old.tag}/teams`, {
    data: { tag: team, name: 'Old Guard' },
    headers: { 'x-csrf-token': csrf, origin: baseURL! },
  });
  expect([created.status(), await created.text()]).toEqual([201, expect.any(String)]);
  expect((await teamTags(request, current.tag)).includes(team)).toBe(false);

  const response = await page.goto(`/teams/${encodeURIComponent(team)}?series=${current.tag}&utm=discord`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('main')).toContainText(`${team} did not play in`);
  await axe(page);
  // The series dropdown leads to the team where it played, else to that series' team list: never a 404.
  const choices = await page
    .locator('details.series-menu a[data-series]')
    .evaluateAll((links) => links.map((a) => [a.getAttribute('data-series'), a.getAttribute('href')]));
  for (const [series, href] of choices) {
    expect(href).toBe(series === old.tag ? `/teams/%5BOLD38%5D?series=${series}` : `/teams?series=${series}`);
    expect((await page.request.get(href!)).status()).toBe(200);
  }
  await page.locator('[data-played-in] a').first().click();
  expect(new URL(page.url()).searchParams.get('series')).toBe(old.tag);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(team);
  await expect(page.locator('.team-header')).toBeVisible();
});

test('My Teams and the series dropdown lead to pages that exist in every series', async ({ page, request }) => {
  await signInAs(page, 'manager', '/privacy-policy');
  for (const series of await seriesList(request)) {
    await page.goto(`/privacy-policy?series=${series.tag}&login_error=denied`);
    const menu = page.locator('details.user-menu');
    await menu.locator('summary').click();
    const mine = menu.locator('a[href^="/teams/"]').first();
    const target = (await mine.getAttribute('href'))!;
    const response = await page.goto(target);
    expect([target, response?.status()]).toEqual([target, 200]);
    await expect(page.locator('.team-header')).toBeVisible();
    // From the team's page, every choice of the dropdown answers a page, and none carries a sign-in error.
    const choices = await page
      .locator('details.series-menu a[data-series]')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    expect(choices.length).toBeGreaterThan(1);
    for (const choice of choices) {
      expect(choice).not.toContain('login_error');
      const answer = await page.request.get(choice, { maxRedirects: 0 });
      expect([choice, answer.status()]).toEqual([choice, 200]);
    }
  }
});

/** The kind of a page: its path, with the key of an entity page (a team's tag, a match id…) as `{key}`. */
const kindOf = (loc: string) =>
  new URL(loc).pathname.replace(/^\/(teams|statistics\/(?:matches|players|tournaments))\/[^/]+$/, '/$1/{key}');

/** The address a page names as its own in <link rel=canonical> and og:url. */
async function ownAddress(page: Page) {
  return {
    canonical: await page.locator('link[rel="canonical"]').getAttribute('href'),
    og: await page.locator('meta[property="og:url"]').getAttribute('content'),
  };
}

test('the sitemap, <link rel=canonical> and og:url spell every page kind alike', async ({ page, request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
  // One page of each kind the sitemap lists: the fixed pages and one team, match, player and tournament.
  const kinds = new Map<string, string>();
  for (const loc of listed) if (!kinds.has(kindOf(loc))) kinds.set(kindOf(loc), loc);
  for (const kind of [
    '/',
    '/teams',
    '/teams/{key}',
    '/statistics/matches/{key}',
    '/statistics/players/{key}',
    '/statistics/tournaments/{key}',
  ])
    expect([...kinds.keys()], kind).toContain(kind);
  for (const [kind, url] of kinds) {
    const address = new URL(url);
    await page.goto(address.pathname + address.search);
    expect([kind, await ownAddress(page)]).toEqual([kind, { canonical: url, og: url }]);
  }
  // Page N of a list is its own address, with the series and the page and nothing else.
  const list = kinds.get('/statistics/matches')!;
  await page.goto(`${new URL(list).pathname}${new URL(list).search}&page=2&utm_source=discord`);
  expect(await ownAddress(page)).toEqual({ canonical: `${list}&page=2`, og: `${list}&page=2` });
  // A team asked for with its brackets unencoded has the same one address.
  const team = kinds.get('/teams/{key}')!;
  const address = new URL(team);
  await page.goto(decodeURIComponent(address.pathname) + address.search);
  expect(await ownAddress(page)).toEqual({ canonical: team, og: team });
});
