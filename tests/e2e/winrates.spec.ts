import { expect, test } from '@playwright/test';
import { auditAccessibility } from './axe.ts';

test('a visitor reads the win rates by map and side and refreshes them', async ({ page }) => {
  test.slow();
  await page.goto('/statistics/winrates');
  await expect(page).toHaveTitle('Win rates | Hell Let Loose Skill System');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Win rates');
  await expect(page.getByText(/^Last update /)).toBeVisible();

  const side = page.locator('#by-side');
  const rates = await side.locator('.rate').allTextContents();
  expect(rates).toHaveLength(2);
  const total = rates.map((r) => Number(r.replace('%', ''))).reduce((a, b) => a + b, 0);
  expect(total).toBeGreaterThanOrEqual(99);
  expect(total).toBeLessThanOrEqual(101);

  const byMap = page.locator('#by-map');
  await expect(byMap.locator('svg[role=img] title').first()).toHaveText('Win rate by map and side');
  // Each map's label stands whole above its bars, in the drawing for a phone and in the wider one.
  await expect(byMap.locator('svg.wide text.axis-label', { hasText: 'All maps' })).toHaveCount(1);
  const rows = byMap.getByRole('table', { name: 'Decided matches by map' }).getByRole('row');
  expect(await rows.count()).toBeGreaterThan(5);
  await expect(rows.nth(1).getByRole('cell').nth(1)).toHaveText(/\d+ \(\d+%\)$/);

  // Sort by the Axis's win rate with the header link (no JavaScript involved).
  await byMap.getByRole('link', { name: /Axis won/ }).click();
  await expect(page).toHaveURL(/sort=axis&dir=desc/);
  const axisRates = await page.locator('#by-map table').last().locator('tbody tr td:nth-child(4)').allTextContents();
  const values = axisRates.map((t) => Number(/\((\d+)%\)/.exec(t)?.[1]));
  expect(values).toEqual([...values].sort((a, b) => b - a));

  const results = await auditAccessibility(page);
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  expect(await page.locator('script[src], link[rel=modulepreload]').count()).toBe(0);

  // The first click both hydrates the Refresh island and refreshes (held while the island loads): with nothing new
  // it says so instead of reloading the page.
  const refresh = page.getByRole('link', { name: 'Refresh' });
  let reloads = 0;
  page.on('framenavigated', (frame) => (frame === page.mainFrame() ? (reloads += 1) : undefined));
  await refresh.click();
  await expect(page.getByText('The statistics are up to date.')).toBeVisible();
  await expect(page.locator('astro-island', { has: refresh })).not.toHaveAttribute('ssr');
  expect(reloads).toBe(0);
});
