import { expect, test, type Page } from '@playwright/test';
import { auditAccessibility } from './axe.ts';

async function expectNoAxeViolations(page: Page) {
  const results = await auditAccessibility(page);
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

test('a visitor searches a player and opens the profile', async ({ page }) => {
  // A whole journey with two accessibility sweeps: longer than one page's check on a busy machine.
  test.slow();
  await page.goto('/statistics/players');
  await expect(page).toHaveTitle('Players | Hell Let Loose Skill System');
  // Before any search: the most active players, each with the team played for most.
  await expect(page.locator('#top-players').getByRole('row')).not.toHaveCount(0);
  await page.getByLabel('Player name, alias or Steam id').fill('  baker  ');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.waitForURL(/query=/);
  expect(new URL(page.url()).searchParams.get('series')).toBe('S3');
  // The server trims the query (spec section 5) and shows it trimmed.
  await expect(page.getByLabel('Player name, alias or Steam id')).toHaveValue('baker');
  const results = page.locator('#results');
  await expect(results.getByRole('row')).not.toHaveCount(0);
  await expectNoAxeViolations(page);

  const first = results.getByRole('rowheader').first().getByRole('link');
  const name = (await first.textContent())?.trim() ?? '';
  expect(name.toLowerCase()).toContain('baker');
  await first.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page).toHaveTitle(`${name} | Hell Let Loose Skill System`);
  await expect(page.getByRole('navigation', { name: 'Game types' }).getByRole('link').first()).toHaveText(
    /^Competitive \(\d+\)$/,
  );
  await expect(page.locator('#skill svg[role=img]:visible')).toBeVisible();
  const rates = page.locator('#rates').getByRole('rowheader');
  await expect(rates).toHaveText(['Kills/min', 'Deaths/min', 'Support/min', 'Combat/min']);
  await expect(page.locator('#weapons').getByRole('row').nth(1)).toBeVisible();
  const recent = page.locator('#recent-matches').getByRole('row');
  await expect(recent).toHaveCount(11);
  await expect(recent.nth(1).getByRole('link')).toHaveAttribute('href', /^\/statistics\/matches\/\d+\?series=S3$/);
  await expectNoAxeViolations(page);
  expect(await page.locator('script[src], link[rel=modulepreload]').count()).toBe(0);
});

test('an unknown player address lands on the search with the reason', async ({ page }) => {
  await page.goto('/statistics/players/76561190000000099');
  const url = new URL(page.url());
  expect(url.pathname).toBe('/statistics/players');
  expect(url.searchParams.get('error')).toBe('not-found');
  await expect(page.getByRole('alert')).toHaveText('Player 76561190000000099 does not exist');
  await expect(page.getByLabel('Player name, alias or Steam id')).toHaveValue('76561190000000099');
  await expectNoAxeViolations(page);
});

test('a visitor compares two players from a profile', async ({ page }) => {
  test.slow();
  await page.goto('/statistics/players?query=krause');
  const first = page.locator('#results').getByRole('rowheader').first().getByRole('link');
  const firstName = (await first.textContent())?.trim() ?? '';
  await first.click();
  await page.getByRole('link', { name: 'Compare with…' }).click();
  await expect(page).toHaveURL(/\/statistics\/compare\?.*steamId=/);
  await expect(
    page.getByRole('list', { name: 'Players compared' }).getByRole('link', { name: firstName, exact: true }),
  ).toBeVisible();

  await page.getByLabel('Name, alias or Steam id').fill('baker');
  await page.getByRole('button', { name: 'Find' }).click();
  const add = page.locator('#add-player').getByRole('link', { name: /^Add / }).first();
  const secondName = ((await add.textContent()) ?? '').replace(/^Add /, '').trim();
  await add.click();

  expect(new URL(page.url()).searchParams.getAll('steamId')).toHaveLength(2);
  const table = page.locator('#side-by-side table');
  await expect(table.getByRole('columnheader')).toHaveText(['Measure', firstName, secondName]);
  // Each value is labelled with its player's name, for the rows a phone stacks.
  await expect(table.getByRole('row', { name: /^Matches/ }).getByRole('cell')).toHaveText([/\d+$/, /\d+$/]);
  await expect(page.locator('#skill .legend li')).toHaveText([firstName, secondName, /^Average player/]);
  const results = await auditAccessibility(page);
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  // Removing one player keeps the other.
  await page.getByRole('link', { name: `Remove ${secondName}` }).click();
  await expect(table.getByRole('columnheader')).toHaveText(['Measure', firstName]);
});
