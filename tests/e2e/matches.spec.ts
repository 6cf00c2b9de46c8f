import { expect, test } from '@playwright/test';
import { auditAccessibility } from './axe.ts';

test('the match list shows the newest matches ten at a time', async ({ page }) => {
  await page.goto('/statistics/matches');
  await expect(page).toHaveTitle('Matches | Hell Let Loose Skill System');
  const rows = page.locator('#match-list tbody tr');
  await expect(rows).toHaveCount(10);
  const dates = await page
    .locator('#match-list tbody time')
    .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('datetime') ?? ''));
  expect(dates).toEqual([...dates].sort().reverse());
  await expect(page.getByText(/^1–10 of [\d,]+$/)).toBeVisible();
  await page.getByRole('navigation', { name: 'Pages of matches' }).getByRole('link', { name: 'Next' }).click();
  expect(new URL(page.url()).searchParams.get('page')).toBe('1');
  await expect(page.getByText(/^11–20 of [\d,]+$/)).toBeVisible();
});

test('the filter form without JavaScript lands on the canonical ?filter= address', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/statistics/matches?page=2&utm=discord');
  await page.locator('summary', { hasText: 'Result' }).click();
  await page.getByRole('checkbox', { name: '5-0' }).check();
  await page.locator('summary', { hasText: 'Status' }).click();
  await page.getByRole('checkbox', { name: 'Posted' }).check();
  await page.getByRole('button', { name: 'Apply filters' }).click();
  const url = new URL(page.url());
  expect(JSON.parse(url.searchParams.get('filter') ?? '')).toEqual({ result: ['5-0'], status: ['posted'] });
  expect(url.searchParams.get('utm')).toBe('discord');
  expect(url.searchParams.has('page')).toBe(false);
  expect(url.searchParams.has('result')).toBe(false);
  const rows = page.locator('#match-list tbody tr');
  await expect(rows).toHaveCount(10);
  for (const text of await rows.allInnerTexts()) {
    expect(text).toContain('5-0');
    expect(text).toContain('Posted');
  }
  await page.getByRole('link', { name: 'Clear filters (2)' }).click();
  expect(new URL(page.url()).searchParams.has('filter')).toBe(false);
  await context.close();
});

/** The filter an address carries, read as JSON ({} without one). */
const filterOf = (address: string): unknown => JSON.parse(new URL(address).searchParams.get('filter') ?? '{}');

test('with JavaScript the filters narrow the list in place, and back restores each step', async ({ page }) => {
  await page.goto('/statistics/matches');
  const rows = page.locator('#match-list tbody tr');
  await expect(rows).toHaveCount(10);
  const texts = () => rows.allInnerTexts();
  const unfiltered = await texts();
  // A team and a map that have a match together: a listed match won by a registered team.
  const row = rows.filter({ has: page.locator('td:nth-child(2) a.team') }).first();
  const team = (await row.locator('td:nth-child(2) .tag').innerText()).trim();
  const map = (await row.locator('td:nth-child(5)').innerText()).trim();
  // The island must change the list without loading another page: this mark would not survive one.
  await page.evaluate(() => Object.assign(window, { samePage: true }));

  // The press that opens the first disclosure wakes the island.
  await page.locator('summary', { hasText: 'Team' }).click();
  await page.getByRole('checkbox', { name: team, exact: true }).check();
  await expect.poll(() => filterOf(page.url())).toEqual({ team: [team] });
  await expect.poll(async () => (await texts()).every((t) => t.includes(team))).toBe(true);
  await expect(page.locator('summary', { hasText: 'Team' })).toContainText('(1)');
  const byTeam = await texts();
  // The boxes of a closed disclosure are hidden from roles: find them by their field.
  const box = (name: string, value: string) => page.locator(`input[name="${name}"][value="${value}"]`);

  await page.locator('summary', { hasText: 'Map' }).click();
  await page.getByRole('checkbox', { name: map, exact: true }).check();
  await expect.poll(() => filterOf(page.url())).toMatchObject({ team: [team], map: [expect.any(String)] });
  await expect.poll(async () => (await texts()).every((t) => t.includes(team) && t.includes(map))).toBe(true);
  expect(new URL(page.url()).searchParams.has('page')).toBe(false);
  // The page as the island left it (a disclosure open, rows replaced); pages.spec.ts sweeps it as served.
  const axe = await auditAccessibility(page);
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  await page.goBack();
  await expect.poll(() => filterOf(page.url())).toEqual({ team: [team] });
  await expect.poll(texts).toEqual(byTeam);
  await expect(page.locator('input[name="map"]:checked')).toHaveCount(0);
  await page.goBack();
  await expect.poll(() => filterOf(page.url())).toEqual({});
  await expect.poll(texts).toEqual(unfiltered);
  await expect(box('team', team)).not.toBeChecked();
  await page.goForward();
  await expect.poll(texts).toEqual(byTeam);
  await expect(box('team', team)).toBeChecked();
  expect(await page.evaluate(() => 'samePage' in window)).toBe(true);
});

test('an invalid filter is ignored and the old addresses redirect keeping the query', async ({ page }) => {
  await page.goto('/statistics/matches?filter=%7Bnope');
  await expect(page.locator('#match-list tbody tr')).toHaveCount(10);
  await page.goto('/matches?utm=discord');
  expect(new URL(page.url()).pathname).toBe('/statistics/matches');
  expect(new URL(page.url()).searchParams.get('utm')).toBe('discord');
  const first = await page.locator('#match-list tbody a').first().getAttribute('href');
  const id = /\/statistics\/matches\/(\d+)/.exec(first ?? '')?.[1];
  const series = new URL(page.url()).searchParams.get('series') ?? '';
  // With its series named (else the series redirect comes first), the old address moves permanently.
  const response = await page.request.get(`/matches/${id}?series=${series}&utm=x`, { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers()['location']).toBe(`/statistics/matches/${id}?series=${series}&utm=x`);
});

/** The newest posted match of the demo community, with its address. */
async function postedMatch(page: import('@playwright/test').Page): Promise<string> {
  await page.goto(`/statistics/matches?filter=${encodeURIComponent('{"status":["posted"]}')}`);
  const link = page.locator('#match-list tbody tr').first().locator('a').first();
  return (await link.getAttribute('href')) ?? '';
}

test('a posted match shows its header, ratings, scoreboard, kill statistics, charts and tactical map', async ({
  page,
}) => {
  const address = await postedMatch(page);
  await page.goto(address);
  // Readers load no JavaScript: no external script and no module preload.
  expect(await page.locator('script[src], link[rel=modulepreload]').count()).toBe(0);
  await expect(page).toHaveTitle(/^\[.+\] vs \[.+\] [543]-[012] \| Hell Let Loose Skill System$/);
  await expect(page.locator('.match-header .status-badge')).toHaveText('Posted');
  await expect(page.getByText('Predicted win chance of')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Rating (mean) before and after this match' })).toBeVisible();
  const allies = page.locator('#scoreboard-allies tbody tr');
  const axis = page.locator('#scoreboard-axis tbody tr');
  expect((await allies.count()) + (await axis.count())).toBeGreaterThan(0);
  for (const heading of ['Kill statistics', 'Kills over time', 'Sectors over time', 'Tactical map'])
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  await expect(page.locator('#kill-statistics-table')).toContainText('Support: Machine gun');
  // Sorting by a header link, without JavaScript: deaths, most first.
  await page
    .locator('#scoreboard-axis thead')
    .getByRole('link', { name: /^Deaths ?, sort/ })
    .click();
  expect(new URL(page.url()).searchParams.get('sort')).toBe('deaths');
  const deaths = (await page.locator('#scoreboard-axis tbody tr td:nth-child(3)').allInnerTexts()).map(Number);
  expect(deaths).toEqual([...deaths].sort((a, b) => b - a));
  // The kill timeline switches its buckets by links.
  await page.getByRole('link', { name: '15 min' }).click();
  expect(new URL(page.url()).searchParams.get('interval')).toBe('15');
});

test("the scoreboard searches by name and opens a player's details", async ({ page }) => {
  await page.goto(await postedMatch(page));
  const first = page.locator('#scoreboard-allies tbody tr, #scoreboard-axis tbody tr').first();
  const name = (await first.locator('.player > a').first().innerText()).trim();
  await page.getByLabel('Find player').fill(name);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.locator('.player > a', { hasText: name }).first()).toBeVisible();
  await page.locator('.player > a', { hasText: name }).first().click();
  const details = page.locator('#player-details');
  await expect(details.getByRole('heading', { level: 2 })).toHaveText(`Player: ${name}`);
  for (const heading of ['Weapons', 'Killed by', 'Victims', 'Squads and roles', 'Kill times'])
    await expect(details.getByRole('heading', { level: 3, name: heading })).toBeVisible();
});

test('an unknown match shows no match with 404, and the match page passes an accessibility sweep', async ({ page }) => {
  const response = await page.goto('/statistics/matches/999999999');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('No match');
  expect((await page.goto('/statistics/matches/not-a-number'))?.status()).toBe(404);
  await page.goto(await postedMatch(page));
  const results = await auditAccessibility(page);
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});
