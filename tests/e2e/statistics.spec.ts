import { auditAccessibility } from './axe.ts';
import { expect, test, type Page } from '@playwright/test';

const sideNav = (page: Page) => page.getByRole('navigation', { name: 'Statistics' });
const island = (page: Page) => page.locator('astro-island', { has: page.locator('nav.side-nav') });

test('the statistics page links to every statistics page with a summary, carrying the series', async ({ page }) => {
  await page.goto('/statistics?utm=discord');
  const series = new URL(page.url()).searchParams.get('series');
  expect(series).toBeTruthy();
  const content = page.locator('.statistics-content');
  for (const [name, path] of [
    ['Players', '/statistics/players'],
    ['Compare', '/statistics/compare'],
    ['Matches', '/statistics/matches'],
    ['Report match', '/statistics/matches/report'],
    ['Win rates', '/statistics/winrates'],
    ['Tournaments', '/statistics/tournaments'],
    ['Ratings', '/statistics/ratings'],
  ] as const) {
    const link = content.getByRole('link', { name, exact: true });
    const target = new URL((await link.getAttribute('href')) ?? '', 'http://x');
    expect([target.pathname, target.searchParams.get('series'), target.searchParams.get('utm')]).toEqual([
      path,
      series,
      'discord',
    ]);
    await expect(link.locator('xpath=following-sibling::p')).not.toBeEmpty();
  }
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Statistics' }).first(),
  ).toHaveAttribute('aria-current', 'page');
});

test('the side navigation collapses and remembers it on the next page', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => request.resourceType() === 'script' && scripts.push(request.url()));
  await page.goto('/statistics');
  expect(scripts, 'no script before interaction').toEqual([]);
  const details = sideNav(page).locator('details');
  await expect(details).toHaveAttribute('open');
  await expect(sideNav(page).getByRole('link', { name: 'Players' })).toBeVisible();
  await sideNav(page).locator('summary').click();
  await expect(details).not.toHaveAttribute('open');
  await expect(island(page)).not.toHaveAttribute('ssr');
  await expect
    .poll(async () => (await page.context().cookies()).find((c) => c.name === 'side_nav')?.value)
    .toBe('collapsed');
  await page.reload();
  await expect(sideNav(page).locator('details')).not.toHaveAttribute('open');
  await expect(sideNav(page).getByRole('link', { name: 'Players' })).toBeHidden();
  // Opened again (the engaging click, remembered when the island mounts), the next page is rendered open.
  await sideNav(page).locator('summary').click();
  await expect(island(page)).not.toHaveAttribute('ssr');
  await expect
    .poll(async () => (await page.context().cookies()).find((c) => c.name === 'side_nav')?.value)
    .toBe('open');
  await page.reload();
  await expect(sideNav(page).locator('details')).toHaveAttribute('open');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the side navigation opens and collapses', async ({ page }) => {
    await page.goto('/statistics');
    const summary = sideNav(page).locator('summary');
    await summary.click();
    await expect(sideNav(page).getByRole('link', { name: 'Players' })).toBeHidden();
    await summary.click();
    await expect(sideNav(page).getByRole('link', { name: 'Players' })).toBeVisible();
  });
});

test('on a phone the statistics navigation is one row of links above the heading, and passes axe', async ({
  page,
  context,
}) => {
  await context.addCookies([
    { name: 'side_nav', value: 'collapsed', url: new URL('/', test.info().project.use.baseURL).href },
  ]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/statistics');
  // The side navigation (collapsed or not) gives way to one row of every link; the h1 stays on the first screen.
  const row = page.getByRole('navigation', { name: 'Statistics' });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('link', { name: 'Players' })).toBeVisible();
  const h1 = await page.getByRole('heading', { level: 1 }).boundingBox();
  expect(h1!.y).toBeLessThanOrEqual(200);
  const results = await auditAccessibility(page);
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
});

test('an unknown series falls back to the current one; the error screens say what happened', async ({ page }) => {
  await page.goto('/statistics?series=nope&utm=discord');
  const url = new URL(page.url());
  expect([url.searchParams.get('series'), url.searchParams.get('utm')]).toEqual(['S3', 'discord']);

  const error = await page.goto('/500');
  expect(error?.status()).toBe(500);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unexpected Application Error!');
  await expect(page.locator('main')).not.toContainText(/\bat .*\.(m?js|ts):\d+/);

  const missing = await page.goto('/statistics/nothing-here?series=S2');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/?series=S2');
});

test('the privacy policy says what is stored, why, for how long, and how to hide or remove it', async ({ page }) => {
  await page.goto('/privacy-policy');
  for (const heading of ['What we store and why', 'Cookies', 'Hiding your profile', 'Removing your data']) {
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  }
  const table = page.locator('table');
  for (const column of ['Data', 'Where it comes from', 'Why', 'How long']) {
    await expect(table.getByRole('columnheader', { name: column })).toBeVisible();
  }
  for (const stored of ['Discord id', 'Steam or Epic (EOS) player ids', 'Server logs of matches', 'Sign-in sessions']) {
    await expect(table).toContainText(stored);
  }
  await expect(page.getByRole('link', { name: 'My Profile' }).first()).toHaveAttribute(
    'href',
    /^\/my-profile\?series=/,
  );
  await expect(page.locator('footer').getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
    'href',
    /^\/privacy-policy\?series=/,
  );
});
