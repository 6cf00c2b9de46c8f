import { expect, test, type Locator, type Page } from '@playwright/test';
import { auditAccessibility } from './axe.ts';

// Journeys with axe sweeps outlast the default 30 s on a loaded 2-core machine.
test.describe.configure({ timeout: 120_000 });

const axe = async (page: Page) => {
  const results = await auditAccessibility(page);
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
};

test('a visitor browses the ladder: ranks, search, inactive teams and the cards view, without JavaScript', async ({
  page,
}) => {
  await page.goto('/teams?utm=discord');
  await expect(page).toHaveTitle('Teams | Hell Let Loose Skill System');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Teams');
  const table = page.getByRole('table', { name: 'Teams' });
  const firstRow = table.locator('tbody tr').first();
  // The rank, then its movement since last week.
  await expect(firstRow.locator('td').first()).toHaveText(/^1st/);
  const rowCount = await table.locator('tbody tr').count();
  await expect(page.locator('.page-header .count')).toHaveText(`${rowCount} teams`);
  await expect(page.getByRole('link', { name: 'Request team registration' })).toHaveAttribute(
    'href',
    /^\/teams\/request\?utm=discord&series=S\d$/,
  );
  expect(await page.locator('script[src], link[rel=modulepreload]').count()).toBe(0);

  // 'Find team' is a plain GET form: the series and the other parameters stay.
  const firstTag = (await firstRow.locator('.tag').textContent())!.trim();
  await page.getByLabel('Find team').fill(firstTag.slice(1, 4).toLowerCase());
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/[?&]query=/);
  expect(new URL(page.url()).searchParams.get('utm')).toBe('discord');
  await expect(table.locator('tbody tr .tag', { hasText: firstTag })).toHaveCount(1);
  expect(await table.locator('tbody tr').count()).toBeLessThan(rowCount);
  await page.getByRole('link', { name: 'Clear' }).click();
  await expect(table.locator('tbody tr')).toHaveCount(rowCount);

  await page.getByRole('link', { name: 'Cards' }).click();
  await expect(page).toHaveURL(/view=cards/);
  await expect(page.locator('.team-card')).toHaveCount(rowCount);
  await expect(page.locator('.team-card').first().locator('.team-icon.large')).toHaveCount(1);
  await axe(page);

  await page.getByRole('link', { name: 'Inactive' }).click();
  await expect(page).toHaveURL(/inactiveOnly=true/);
  await expect(page).toHaveURL(/view=cards/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Inactive Teams');
  await page.getByRole('link', { name: 'List' }).click();
  await expect(page).toHaveURL(/inactiveOnly=true/);
  await axe(page);
});

test('a visitor opens a team from the ladder and compares it head to head', async ({ page }) => {
  await page.goto('/teams');
  const first = page.getByRole('table', { name: 'Teams' }).locator('tbody tr').first();
  const tag = (await first.locator('.tag').textContent())!.trim();
  await first.getByRole('link', { name: tag }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(tag);
  await expect(page).toHaveTitle(new RegExp(`^${tag.replace(/[[\]]/g, '\\$&')} `));
  await expect(page.locator('.team-header .summary')).toContainText('1st');
  // Drawn for a phone and for wider boxes; one shows.
  await expect(page.getByRole('region', { name: 'Rating history' }).locator('svg.chart-svg')).toHaveCount(2);
  await expect(page.getByRole('region', { name: 'Rating history' }).locator('svg.chart-svg:visible')).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Matches' }).locator('tbody tr')).not.toHaveCount(0);
  expect(await page.locator('script[src], link[rel=modulepreload]').count()).toBe(0);

  const select = page.getByLabel(`Compare ${tag} with`);
  const opponent = await select.locator('option').nth(1).getAttribute('value');
  await select.selectOption(opponent!);
  await page.getByRole('button', { name: 'Compare' }).click();
  await expect(page).toHaveURL(/[?&]vs=/);
  const h2h = page.getByRole('region', { name: 'Head-to-head' });
  await expect(h2h).toContainText(`Predicted win probability of ${tag}`);
  await expect(h2h).toContainText('Match quality');
  await expect(h2h.getByRole('link', { name: opponent! })).toBeVisible();
  await axe(page);
});

test('the team pages fit a phone: only tables scroll sideways', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/teams');
  const overflowing = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('main *')]
        .filter((e) => !e.closest('.table-scroll') && e.getBoundingClientRect().right > window.innerWidth + 1)
        .map((e) => e.tagName),
    );
  expect(await overflowing()).toEqual([]);
  await page.locator('.table-scroll a').first().click();
  await expect(page.locator('.team-header')).toBeVisible();
  expect(await overflowing()).toEqual([]);
});

/** Signs in through the demo chooser as `who` ('Demo admin', 'Demo team manager', 'Demo user') from `path`. */
async function signIn(page: Page, path: string, who: string) {
  await page.goto(path);
  // A page for signed-in people sends a visitor straight to the sign-in chooser and back.
  if (!page.url().includes('/demo-login')) await page.getByRole('link', { name: 'Login' }).click();
  await page.getByRole('link', { name: who }).click();
  await expect(page.getByRole('link', { name: 'Login' })).toHaveCount(0);
}

/** Focuses `field` (a locator from the page) so that its island hydrates (client:engage), and waits until it has. */
async function engage(page: Page, field: Locator) {
  await field.focus();
  await expect(page.locator('astro-island', { has: field })).not.toHaveAttribute('ssr');
}

test('an admin creates a team; a bad icon URL is refused next to its field and nothing typed is lost', async ({
  page,
}) => {
  await page.goto('/teams/add');
  await expect(page).toHaveURL(/\/demo-login\?redirect_uri=/);
  await page.getByRole('link', { name: 'Demo admin' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create team');
  await axe(page);
  const name = page.getByLabel('Name');
  await engage(page, name);
  await name.fill('Playwright Pioneers');
  await page.getByLabel('Tag').fill('[PWP]');
  await page.getByLabel('Icon URL').fill('not a url');
  await page.getByRole('button', { name: 'Create team' }).click();
  await expect(page.getByText('must be empty or an absolute http(s) URL such as https://example.org')).toBeVisible();
  await expect(name).toHaveValue('Playwright Pioneers');
  await page.getByLabel('Icon URL').fill('');
  await page.getByRole('button', { name: 'Create team' }).click();
  await expect(page).toHaveURL(/\/teams\/%5BPWP%5D\?series=S\d/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('[PWP] Playwright Pioneers');
  await expect(page.locator('.team-header .summary')).toContainText('pending');
});

test('a user requests a registration, an admin approves it and the user sees the outcome', async ({ browser }) => {
  const user = await (await browser.newContext()).newPage();
  await signIn(user, '/teams/request', 'Demo user');
  await expect(user.getByRole('heading', { level: 1 })).toHaveText('Request team registration');
  await axe(user);
  const name = user.getByLabel('Name');
  await engage(user, name);
  await name.fill('Requested Rangers');
  await user.getByLabel('Tag').fill('[REQ]');
  await user.getByLabel('Contact').fill('rangers#1');
  await user.getByRole('button', { name: 'Request team registration' }).click();
  const mine = user.getByRole('region', { name: 'Your requests' });
  await expect(mine).toContainText('[REQ] Requested Rangers');
  await expect(mine).toContainText('Waiting for an admin');

  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, '/teams/request', 'Demo admin');
  const queue = admin.getByRole('region', { name: 'Registration requests' });
  await expect(queue).toContainText('[REQ] Requested Rangers');
  await axe(admin);
  const approve = admin.getByRole('button', { name: 'Approve [REQ]' });
  await engage(admin, approve);
  await approve.click();
  await expect(queue.getByRole('status')).toContainText('Accepted: [REQ] is registered.');
  await queue.getByRole('link', { name: '[REQ]' }).click();
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText('[REQ] Requested Rangers');

  await user.reload();
  await expect(mine).toContainText('Accepted');
  await mine.getByRole('link', { name: 'Open [REQ]' }).click();
  // The requester now manages the team.
  await expect(user.getByRole('link', { name: 'Edit team' })).toBeVisible();
});

test('a manager edits the team, sets it inactive and rotates its API key', async ({ page }) => {
  await signIn(page, '/teams', 'Demo team manager');
  const menu = page.locator('details.user-menu');
  await menu.locator('summary').click();
  const tag = (await menu.locator('a[href^="/teams/"]').first().textContent())!.trim();
  await menu.locator('a[href^="/teams/"]').first().click();
  await page.getByRole('link', { name: 'Edit team' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`Edit ${tag}`);
  await axe(page);

  const name = page.getByLabel('Name');
  await engage(page, name);
  await name.fill('Renamed by its manager');
  await page.getByLabel(/^Inactive/).check();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${tag} Renamed by its manager`);
  await expect(page.locator('.team-header .flag')).toHaveText('inactive');
  await page.goto('/teams?inactiveOnly=true');
  await expect(page.getByRole('table', { name: 'Inactive Teams' })).toContainText('Renamed by its manager');

  await page.goBack();
  await page.getByRole('link', { name: 'Edit team' }).click();
  const create = page.getByRole('button', { name: /^(Create|Rotate) API key$/ });
  await engage(page, create);
  await create.click();
  const shown = page.locator('.new-key');
  await expect(shown).toContainText('This key will not be shown again.');
  await expect(shown.locator('code')).toHaveText(/^hss_\S{40,}$/);
  await expect(shown.getByRole('button', { name: 'Copy' })).toBeVisible();
});

test('a tag pasted into the change-tag form before its island wakes is kept, and a refused one takes the focus', async ({
  page,
}) => {
  await page.goto(`/v2/auth/demo?as=admin&redirect_uri=${encodeURIComponent('/teams/%5BGG333%5D/edit')}`);
  const field = page.getByLabel('New tag');
  const island = page.locator('astro-island', { has: field });
  await expect(island).toHaveAttribute('ssr');
  // A paste from the clipboard: the text is in the field before the island's script has run.
  await field.evaluate((input: HTMLInputElement) => {
    input.value = 'bad tag';
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await engage(page, field);
  await expect(field).toHaveValue('bad tag');
  // The island checks what is in the field (not an empty tag it never saw) and keeps it there.
  await page.getByRole('button', { name: 'Change tag' }).click();
  await expect(page.locator('.team-admin')).toContainText('must not contain spaces');
  await expect(field).toHaveValue('bad tag');
  await expect(field).toBeFocused();
});
