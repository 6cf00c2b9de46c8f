import { expect, test } from '@playwright/test';
import { auditAccessibility } from './axe.ts';

test('a user claims a profile on /my-profile, an admin approves it in the queue, the user hides it, then unclaims it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  // A demo player nobody has claimed yet (the search lists public players only).
  // Steam ids only: an Epic id (32 hex characters) has no Steam proof to offer.
  const hits = ((await (await request.get('/v3/series/S3/players?query=a')).json()) as { steamId: string }[]).filter(
    (hit) => /^\d{17}$/.test(hit.steamId),
  );
  expect(hits.length).toBeGreaterThan(3);
  const steamId = hits[hits.length - 1 - (Date.now() % 3)]!.steamId;

  await page.goto('/my-profile');
  await page.getByRole('link', { name: 'Demo user' }).click();
  await expect(page).toHaveTitle('My profile | Hell Let Loose Skill System');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Demo User');
  const account = page.getByRole('region', { name: 'Account' });
  await expect(account.getByText('Roles', { exact: true })).toBeVisible();
  const axe = await auditAccessibility(page);
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  const profiles = page.getByRole('region', { name: 'Player profiles' });
  const idInput = profiles.getByLabel('Steam or Epic id');
  await idInput.fill('not-an-id');
  await expect(page.locator('astro-island:has(#claim-id)')).not.toHaveAttribute('ssr');
  await profiles.getByRole('button', { name: 'Claim profile' }).click();
  await expect(profiles.getByText('must be a 17-digit Steam id or a 32-character Epic id')).toBeVisible();

  await idInput.fill(steamId);
  await profiles.getByRole('button', { name: 'Claim profile' }).click();
  const row = profiles.getByRole('listitem').filter({ hasText: steamId });
  // Nobody's word is proof: the claim waits, and the profile stays public until an admin approves it.
  await expect(row).toContainText('Waiting for approval');
  await expect(row.getByRole('link', { name: /^Prove with Steam/ })).toHaveAttribute(
    'href',
    '/v2/auth/steam/login?redirect_uri=%2Fmy-profile',
  );

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await admin.goto('/my-profile');
  await admin.getByRole('link', { name: 'Demo admin' }).click();
  const pending = admin.getByRole('region', { name: 'Claims to review' }).getByRole('listitem').filter({
    hasText: steamId,
  });
  const decided = admin.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/v2/claims/'));
  await pending.getByRole('button', { name: /^Approve/ }).click();
  expect((await decided).status()).toBe(200);
  await expect(pending).toContainText('Approved');
  await adminContext.close();

  await page.reload();
  await expect(row).toContainText('Yours');
  await expect(row).toContainText('Public');

  // Hydrate the reloaded island by focusing inside it, then hide the profile.
  await profiles.getByLabel('Steam or Epic id').focus();
  await expect(page.locator('astro-island:has(#claim-id)')).not.toHaveAttribute('ssr');
  const hidden = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/claims/'));
  await row.getByRole('button', { name: /^Make private/ }).click();
  expect((await hidden).status()).toBe(200);
  await expect(row).toContainText('Private');

  const visitor = await browser.newContext();
  const anonymous = await visitor.newPage();
  await anonymous.goto(`/statistics/players/${steamId}`);
  const landed = new URL(anonymous.url());
  expect(landed.pathname).toBe('/statistics/players');
  expect(landed.searchParams.get('error')).toBe('private');
  expect(landed.searchParams.get('query')).toBe(steamId);
  await visitor.close();

  await page.reload();
  await expect(row).toContainText('Private');
  await profiles.getByLabel('Steam or Epic id').focus();
  await expect(page.locator('astro-island:has(#claim-id)')).not.toHaveAttribute('ssr');
  await row.getByRole('button', { name: /^Unclaim/ }).click();
  await expect(row).toHaveCount(0);
  await page.reload();
  await expect(profiles.getByRole('listitem').filter({ hasText: steamId })).toHaveCount(0);
});
