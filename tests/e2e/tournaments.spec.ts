import { expect, test, type Page } from '@playwright/test';
import { auditAccessibility } from './axe.ts';

/** Zero axe violations (of any impact) on the page as it is. */
async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await auditAccessibility(page);
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

test('a visitor browses the tournaments: list, a tournament, its older matches, a match', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tournaments' }).click();
  await expect(page).toHaveTitle('Tournaments | Hell Let Loose Skill System');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tournaments');
  // The demo community: a cup (event) and a league per series, newest first.
  const list = page.getByRole('table', { name: 'Tournaments, newest first' });
  expect(await list.locator('tbody tr').count()).toBeGreaterThanOrEqual(6);
  await expect(page.getByRole('link', { name: 'Create tournament' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await list.getByRole('link', { name: 'CUP3' }).click();
  await expect(page).toHaveTitle('Season 3 Cup | Hell Let Loose Skill System');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Season 3 Cup');
  await expect(page.getByText('Event · Running · Season 3')).toBeVisible();
  const matches = page.getByRole('table', { name: /^Matches of Season 3 Cup/ });
  await expect(matches.locator('tbody tr')).toHaveCount(10);
  const teams = page.getByRole('table', { name: /^Standings of Season 3 Cup/ });
  expect(await teams.locator('tbody tr').count()).toBeGreaterThan(1);
  await expectNoAxeViolations(page);

  const newest = await matches.locator('tbody tr time').first().getAttribute('datetime');
  await page.getByRole('link', { name: 'More matches' }).click();
  expect(new URL(page.url()).searchParams.get('page')).toBe('1');
  await expect(matches.locator('tbody tr').first()).toBeVisible();
  const older = await matches.locator('tbody tr time').first().getAttribute('datetime');
  expect(Date.parse(older ?? '')).toBeLessThanOrEqual(Date.parse(newest ?? ''));

  await matches.locator('tbody tr a[href^="/statistics/matches/"]').first().click();
  expect(new URL(page.url()).pathname).toMatch(/^\/statistics\/matches\/\d+$/);
});

test('an unknown tournament answers the not-found page', async ({ page }) => {
  const response = await page.goto('/statistics/tournaments/NO-SUCH-CUP');
  expect(response?.status()).toBe(404);
});

test('tournament pages fit a desktop and a phone', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/v2/auth/demo?as=admin&redirect_uri=/');
  const paths = ['/statistics/tournaments', '/statistics/tournaments/CUP3', '/statistics/tournaments/add'];
  for (const path of [...paths, '/statistics/tournaments/CUP3/edit']) {
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: width > 1000 ? 900 : 844 });
      await page.goto(path);
      await page.screenshot({ path: `/tmp/tournaments${path.replace(/\W+/g, '-')}-${width}.png`, fullPage: true });
      // The page's own content (the top bar is the shell's): tables scroll inside their cards.
      const { scrollWidth, clientWidth } = await page.evaluate(() => ({
        scrollWidth: document.querySelector('main')?.scrollWidth ?? 0,
        clientWidth: document.documentElement.clientWidth,
      }));
      expect(scrollWidth, `${path} at ${width}px`).toBeLessThanOrEqual(clientWidth);
    }
  }
});

test('an admin signs in from the create form, creates a tournament and edits it', async ({ page }) => {
  test.setTimeout(180_000);
  const tag = `E2E${Date.now() % 1_000_000}`;
  await page.goto('/statistics/tournaments/add');
  // Signed out: sign in (the demo chooser on a local server) and come back to the form.
  await page.getByRole('link', { name: 'Demo admin' }).click();
  await expect(page).toHaveTitle('Create tournament | Hell Let Loose Skill System');
  expect(new URL(page.url()).pathname).toBe('/statistics/tournaments/add');
  await expectNoAxeViolations(page);

  const form = page.locator('form.tournament-form');
  await form.getByLabel('Name', { exact: true }).fill('Autumn Cup');
  await expect(page.locator('astro-island', { has: form })).not.toHaveAttribute('ssr');
  await form.getByLabel('Tag', { exact: true }).fill(tag);
  await form.getByLabel('Invite URL', { exact: true }).fill('discord.gg/autumn');
  await form.getByLabel(/^Event tournament/).check();
  await form.getByRole('button', { name: 'Create tournament' }).click();
  await expect(form.getByText('must be empty or an absolute http(s) URL such as https://example.org')).toBeVisible();
  await expect(form.getByLabel('Invite URL', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  expect(new URL(page.url()).pathname).toBe('/statistics/tournaments/add');

  await form.getByLabel('Invite URL', { exact: true }).fill('https://discord.gg/autumn');
  const created = page.waitForResponse((r) => r.url().endsWith('/v2/tournaments') && r.request().method() === 'POST');
  await form.getByRole('button', { name: 'Create tournament' }).click();
  expect((await created).status()).toBe(201);
  await page.waitForURL(new RegExp(`/statistics/tournaments/${tag}\\?`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Autumn Cup');
  await expect(page.getByText('Event · Running')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Join Autumn Cup' })).toHaveAttribute(
    'href',
    'https://discord.gg/autumn',
  );

  await page.getByRole('link', { name: 'Edit tournament' }).click();
  await expect(page).toHaveTitle('Edit Autumn Cup | Hell Let Loose Skill System');
  await expect(form.getByText(tag, { exact: true })).toBeVisible();
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue('Autumn Cup');
  await expectNoAxeViolations(page);
  await form.getByLabel('Description', { exact: true }).fill('Eight teams.\nBest of three.');
  await form.getByLabel(/^Active/).uncheck();
  const updated = page.waitForRequest((r) => r.method() === 'PATCH');
  await form.getByRole('button', { name: 'Save changes' }).click();
  const body = (await updated).postDataJSON() as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['active', 'description', 'event', 'icon', 'invite', 'name']);
  await page.waitForURL(new RegExp(`/statistics/tournaments/${tag}\\?`));
  // Made inactive, it is finished, as the tournament list would say.
  await expect(page.getByText('Event · Finished')).toBeVisible();
  await expect(page.getByText('Eight teams.')).toBeVisible();
});

test('a signed-in user who is not an admin gets the 403 page on the create form', async ({ page }) => {
  await page.goto('/v2/auth/demo?as=user&redirect_uri=/');
  const response = await page.goto('/statistics/tournaments/add');
  expect(response?.status()).toBe(403);
  await page.goto('/statistics/tournaments');
  await expect(page.getByRole('link', { name: 'Create tournament' })).toHaveCount(0);
});
