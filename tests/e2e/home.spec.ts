import { expect, test } from '@playwright/test';

test('the home page redirects to the current series and keeps other parameters', async ({ page }) => {
  await page.goto('/?utm=discord');
  expect(new URL(page.url()).searchParams.get('series')).toBeTruthy();
  expect(new URL(page.url()).searchParams.get('utm')).toBe('discord');
});

test('the home page renders its cards with the document title', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Home | Hell Let Loose Skill System');
  for (const heading of ['Tournaments', 'Top 5 rankings', 'Latest matches', 'Statistics', 'About']) {
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  }
  for (const label of ['Active Teams', 'Number of Players seen', 'Entered Matches']) {
    await expect(page.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Report match' })).toHaveAttribute(
    'href',
    /^\/statistics\/matches\/report\?series=/,
  );
  await expect(page.getByRole('link', { name: 'All matches' })).toHaveAttribute(
    'href',
    /^\/statistics\/matches\?series=/,
  );
  await expect(page.getByRole('link', { name: 'Privacy policy' })).toBeVisible();
});

test('the home page ships no external script before interaction', async ({ page }) => {
  await page.goto('/');
  expect(await page.locator('script[src], link[rel=modulepreload]').count()).toBe(0);
});

test('top bar links carry the series along', async ({ page }) => {
  await page.goto('/');
  const series = new URL(page.url()).searchParams.get('series');
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const name of ['Tournaments', 'Teams', 'Statistics']) {
    const href = await nav.getByRole('link', { name }).getAttribute('href');
    expect(new URL(href ?? '', 'http://x').searchParams.get('series')).toBe(series);
  }
});

test('the series dropdown switches the series and keeps the other parameters', async ({ page }) => {
  await page.goto('/?utm=discord');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Season 3');
  const menu = page.locator('details.series-menu');
  await menu.locator('summary').click();
  const choices = menu.getByRole('link');
  await expect(choices).toHaveText(['Season 3 (current)', 'Season 2', 'Season 1']);
  await choices.filter({ hasText: 'Season 1' }).click();
  const url = new URL(page.url());
  expect(url.searchParams.get('series')).toBe('S1');
  expect(url.searchParams.get('utm')).toBe('discord');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Season 1');
  // Links now carry the chosen series.
  const teams = await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Teams' })
    .getAttribute('href');
  expect(teams).toContain('series=S1');
});

test('the home page shows the rated demo community', async ({ page }) => {
  await page.goto('/');
  const rankings = page.locator('#rankings');
  await expect(rankings.getByRole('row')).toHaveCount(6);
  // The rank, then its movement since last week.
  await expect(rankings.getByRole('row').nth(1).getByRole('cell').first()).toHaveText(/^1st( –|▲\d+|▼\d+|new)?/);
  await expect(page.locator('#latest-matches').getByRole('row')).toHaveCount(11);
  // The active tournaments come from the shell's data, each linked to its page with the series carried.
  const tournaments = page.locator('#tournaments li a');
  expect(await tournaments.count()).toBeGreaterThan(0);
  await expect(tournaments.first()).toHaveAttribute('href', /^\/statistics\/tournaments\/[^/?]+\?series=S3$/);
  const activeTeams = page.locator('#statistics dd').first();
  expect(Number((await activeTeams.textContent())?.replace(/,/g, ''))).toBeGreaterThan(0);
});

test('on a desktop the figures stand beside the top 5 and the tournaments keep four columns on a full row', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/');
  const box = async (selector: string) => {
    const found = await page.locator(selector).boundingBox();
    if (!found) throw new Error(`${selector} is not shown`);
    return found;
  };
  const rankings = await box('#rankings');
  const statistics = await box('#statistics');
  const matches = await box('#latest-matches');
  const tournaments = await box('#tournaments');
  expect(Math.round(statistics.y)).toBe(Math.round(rankings.y));
  expect(Math.round(statistics.height)).toBe(Math.round(rankings.height));
  expect(statistics.x).toBeGreaterThan(rankings.x + rankings.width);
  expect(rankings.width).toBeGreaterThan(statistics.width * 1.5);
  expect(Math.round(tournaments.width)).toBe(Math.round(matches.width));
  const columns = await page
    .locator('#tournaments ul')
    .evaluate((list) => getComputedStyle(list).gridTemplateColumns.split(' ').length);
  expect(columns).toBe(4);
  // The top team's icon is the large one, the others the list size.
  const icons = page.locator('#rankings tbody tr .team-icon');
  expect((await icons.first().boundingBox())?.width).toBe(48);
  expect((await icons.nth(1).boundingBox())?.width).toBe(24);
});
