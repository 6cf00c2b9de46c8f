import { expect, test, type Page } from '@playwright/test';

const island = (page: Page) => page.locator('astro-island', { has: page.locator('details.series-menu') });

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the series dropdown is a working list of links', async ({ page }) => {
    await page.goto('/privacy-policy?utm=discord');
    await page.locator('details.series-menu summary').click();
    await page.getByRole('link', { name: 'Season 2' }).click();
    const url = new URL(page.url());
    expect([url.pathname, url.searchParams.get('series'), url.searchParams.get('utm')]).toEqual([
      '/privacy-policy',
      'S2',
      'discord',
    ]);
  });
});

test('the series dropdown hydrates on focus and answers the arrow, Home, End and Escape keys', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => request.resourceType() === 'script' && scripts.push(request.url()));
  await page.goto('/?utm=discord');
  expect(scripts).toEqual([]);
  const summary = page.locator('details.series-menu summary');
  await summary.focus();
  await expect(island(page)).not.toHaveAttribute('ssr');
  expect(scripts.some((url) => url.includes('series-menu'))).toBe(true);
  const menu = page.locator('details.series-menu');
  const links = menu.getByRole('link');
  await summary.press('ArrowDown');
  await expect(menu).toHaveAttribute('open');
  await expect(links.first()).toBeFocused();
  await page.keyboard.press('End');
  await expect(links.last()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(links.first()).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(links.last()).toBeFocused();
  await page.keyboard.press('Home');
  await expect(links.first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).not.toHaveAttribute('open');
  await expect(summary).toBeFocused();
  await summary.click();
  await expect(menu).toHaveAttribute('open');
  await page.locator('main').click({ position: { x: 5, y: 5 } });
  await expect(menu).not.toHaveAttribute('open');
  await summary.click();
  await links.filter({ hasText: 'Season 1' }).click();
  const url = new URL(page.url());
  expect([url.searchParams.get('series'), url.searchParams.get('utm')]).toEqual(['S1', 'discord']);
});

test('the series dropdown is disabled with its reason on a match page', async ({ page }) => {
  await page.goto('/statistics/matches/1');
  const locked = page.getByText(/^Series: /);
  await expect(locked).toHaveAttribute('aria-disabled', 'true');
  await expect(locked).toHaveAttribute('title', 'This page is only available in the currently selected series');
  await expect(page.locator('details.series-menu')).toHaveCount(0);
});
