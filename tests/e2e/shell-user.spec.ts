import { expect, test } from '@playwright/test';
import { signInAs } from './sign-in.ts';

test('Login returns to the page it started from; the user menu shows the user and signs out', async ({ page }) => {
  await page.goto('/privacy-policy?utm=discord');
  const start = page.url();
  await page.getByRole('link', { name: 'Login' }).click();
  await page.getByRole('link', { name: 'Demo team manager' }).click();
  expect(page.url()).toBe(start);
  const menu = page.locator('details.user-menu');
  await menu.locator('summary').click();
  await expect(page.locator('astro-island', { has: menu })).not.toHaveAttribute('ssr');
  await expect(menu.getByText(/^Roles: /)).toHaveText(/^Roles: .*TEAM_MANAGER/);
  await expect(menu.getByRole('link', { name: 'My Profile' })).toHaveAttribute('href', /^\/my-profile\?.*series=S/);
  await expect(menu.getByText('My Teams')).toBeVisible();
  await expect(menu.locator('a[href^="/teams/"]')).toHaveCount(1);
  const logout = page.waitForResponse((r) => r.url().endsWith('/v2/users/@me/logout'));
  await menu.getByRole('button', { name: 'Sign out' }).click();
  expect((await logout).status()).toBe(204);
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  expect(page.url()).toBe(start);
});

test('sign-in refuses a return address on another origin', async ({ request }) => {
  for (const target of ['https://evil.example/', '//evil.example/x', '/\\evil.example']) {
    const response = await request.get(`/v2/auth/discord/login?redirect_uri=${encodeURIComponent(target)}`, {
      maxRedirects: 0,
    });
    expect(response.status(), target).toBe(400);
  }
});

test('a sign-in failure shows its catalogue message, is not carried on, and can be dismissed', async ({ page }) => {
  await page.goto('/privacy-policy?login_error=denied');
  const notices = page.getByRole('region', { name: 'Notifications' });
  await expect(notices).toContainText('You denied access on Discord, so you are not signed in.');
  const teams = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Teams' });
  expect(await teams.getAttribute('href')).not.toContain('login_error');
  await notices.getByRole('link', { name: 'Dismiss' }).click();
  await expect(notices).not.toContainText('denied');
  expect(new URL(page.url()).searchParams.has('login_error')).toBe(false);

  await page.goto('/privacy-policy?login_error=%3Cb%3EYour+account+is+banned%3C%2Fb%3E');
  await expect(notices).toContainText('Sign-in failed. Please try again later.');
  await expect(page.getByText('Your account is banned')).toHaveCount(0);
});

test('on a phone the top bar links collapse into a menu', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Teams' })).toHaveCount(0);
  await nav.getByText('Menu').click();
  await expect(nav.getByRole('link', { name: 'Teams' })).toHaveAttribute('href', /^\/teams\?series=/);
});

test("an island's failed navigation shows 'Navigation errored: ...' and the visitor stays", async ({ page }) => {
  await signInAs(page, 'user', '/privacy-policy');
  const start = page.url();
  // The page the island moves to after signing out fails to load.
  await page.route('**/privacy-policy*', (route) =>
    route.request().resourceType() === 'fetch' ? route.fulfill({ status: 500, body: 'down' }) : route.continue(),
  );
  const menu = page.locator('details.user-menu');
  await menu.locator('summary').click();
  await expect(page.locator('astro-island', { has: menu })).not.toHaveAttribute('ssr');
  await menu.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(
    'Navigation errored: HTTP request failed with status code: 500',
  );
  expect(page.url()).toBe(start);
  await expect(menu.getByRole('button', { name: 'Sign out' })).toBeEnabled();
});
