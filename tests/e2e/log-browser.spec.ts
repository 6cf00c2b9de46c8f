import { expect, test } from '@playwright/test';
import { auditAccessibility } from './axe.ts';

test('an admin browses the stored logs by folder and downloads one', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/log-browser');
  await page.getByRole('link', { name: 'Demo admin' }).click();
  await expect(page).toHaveTitle('Log browser | Hell Let Loose Skill System');
  const axe = await auditAccessibility(page);
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  const table = page.getByRole('table', { name: 'Folders and log files' });
  // Down the first folder until files show.
  for (let depth = 0; depth < 6 && (await table.locator('a[href^="/v3/logs"]').count()) === 0; depth++) {
    await table.locator('a[href^="/log-browser"]').first().click();
    await expect(page.getByRole('navigation', { name: 'Folder' }).locator('[aria-current="page"]')).toBeVisible();
  }
  const file = table.locator('a[href^="/v3/logs"]').first();
  const href = await file.getAttribute('href');
  const response = await page.request.get(href ?? '');
  expect(response.status()).toBe(200);
  expect((await response.body()).length).toBeGreaterThan(0);
  // The file opens the match it was reported for.
  const folder = page.url();
  const match = table
    .locator('tr', { has: page.locator('a[href^="/v3/logs"]') })
    .first()
    .getByRole('link', { name: /^Match \d+$/ });
  const matchId = (await match.innerText()).replace('Match ', '');
  await match.click();
  await page.waitForURL((url) => url.pathname === `/statistics/matches/${matchId}`);
  await page.goto(folder);
  await page.getByRole('navigation', { name: 'Folder' }).getByRole('link', { name: 'All logs' }).click();
  expect(new URL(page.url()).searchParams.has('path')).toBe(false);
});

test('the log browser sends visitors to sign in and opens for every signed-in user', async ({ page }) => {
  const response = await page.goto('/log-browser');
  expect(new URL(page.url()).pathname).not.toBe('/log-browser');
  expect(response?.ok()).toBe(true);
  await page.goto('/v2/auth/demo?as=user&redirect_uri=/');
  expect((await page.goto('/log-browser'))?.status()).toBe(200);
  await expect(page.getByRole('table', { name: 'Folders and log files' })).toBeVisible();
});
