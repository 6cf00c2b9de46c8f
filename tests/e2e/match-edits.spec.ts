import { expect, test, type Page } from '@playwright/test';
import { auditAccessibility } from './axe.ts';
import { signInAs } from './sign-in.ts';

/** The newest match of a team the demo manager manages, by its address (the manager is signed in). */
async function ownMatch(page: Page): Promise<string> {
  const me = (await (await page.request.get('/v2/users/@me')).json()) as { my_teams: string[] };
  expect(me.my_teams.length, 'the demo manager manages a team').toBeGreaterThan(0);
  await page.goto(`/statistics/matches?filter=${encodeURIComponent(JSON.stringify({ team: me.my_teams }))}`);
  const link = page.locator('#match-list tbody tr').first().locator('a[href^="/statistics/matches/"]').first();
  return (await link.getAttribute('href')) ?? '';
}

/** Opens the edits disclosure and wakes its four forms, each an island of its own that its first focus hydrates. */
async function openEdits(page: Page) {
  await page.locator('details.match-edits > summary').click();
  for (const legend of ['tournament', 'streams', 'cap-flips', 'layout']) {
    const form = page.locator(`fieldset:has(#match-edit-${legend}-legend)`);
    await form.locator('select, input, button').first().focus();
    await expect(page.locator('astro-island', { has: form })).not.toHaveAttribute('ssr');
  }
}

test('a manager changes the tournament, the streams and the layout of their match and sees them on the page', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => void (message.type() === 'error' && pageErrors.push(message.text())));
  await signInAs(page, 'manager');
  const address = await ownMatch(page);
  await page.goto(address);
  const notices = page.getByRole('region', { name: 'Notifications' });
  const header = page.locator('.match-header');

  // Before hydration the forms are already there, labelled, inside one disclosure.
  await page.locator('details.match-edits > summary').click();
  for (const legend of ['Tournament', 'Streams', 'Cap flips', 'Layout'])
    await expect(page.locator('details.match-edits legend', { hasText: new RegExp(`^${legend}$`) })).toBeVisible();
  await page.locator('details.match-edits > summary').click();
  await openEdits(page);

  // Tournament: any other one than the match's own.
  const select = page.getByRole('combobox', { name: 'Tournament', exact: true });
  const current = await select.inputValue();
  const options = await select
    .locator('option')
    .evaluateAll((nodes) => nodes.map((n) => ({ value: (n as HTMLOptionElement).value, label: n.textContent ?? '' })));
  const target = options.find((o) => o.value && o.value !== current);
  expect(target, 'the series has a tournament to choose').toBeDefined();
  await select.selectOption(target!.value);
  await page.getByRole('button', { name: 'Save tournament' }).click();
  await expect(notices).toContainText(`Tournament changed to ${target!.label}.`);
  await expect(header.getByRole('link', { name: target!.value, exact: true })).toBeVisible();

  // Streams: a bad address is refused next to its field, keeping what was typed; a good one is linked.
  await page.getByRole('button', { name: 'Add stream' }).click();
  await page.getByLabel('Streamer').fill('Caster One');
  const url = page.getByLabel('Stream address');
  await url.fill('twitch.tv/caster');
  await page.getByRole('button', { name: 'Save streams' }).click();
  const urlError = page.locator('#match-edit-stream-0-url-error');
  await expect(urlError).toHaveText('must be an absolute http(s) URL');
  await expect(url).toHaveAttribute('aria-describedby', 'match-edit-stream-0-url-error');
  await expect(url).toHaveValue('twitch.tv/caster');
  await expect(page.getByLabel('Streamer')).toHaveValue('Caster One');

  // The island open, with an error showing: no serious accessibility issue.
  const results = await auditAccessibility(page);
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  await url.fill('https://twitch.tv/caster');
  await page.getByRole('button', { name: 'Save streams' }).click();
  await expect(notices).toContainText('Streams saved: Caster One.');
  await expect(page.locator('#streams').getByRole('link', { name: 'Caster One' })).toHaveAttribute(
    'href',
    'https://twitch.tv/caster',
  );

  // Layout: a strongpoint of the first sector other than the one chosen, shown on the tactical map.
  const sector = page.locator('details.match-edits fieldset.sector').first();
  const choices = await sector
    .getByRole('radio')
    .evaluateAll((nodes) =>
      nodes.map((n) => ({ value: (n as HTMLInputElement).value, on: (n as HTMLInputElement).checked })),
    );
  const strongpoint = choices.find((c) => c.value && !c.on)?.value ?? '';
  await sector.getByLabel(strongpoint).check();
  await page.getByRole('button', { name: 'Save layout' }).click();
  await expect(notices).toContainText(`Layout saved: ${strongpoint}.`);
  await expect(page.locator('#tactical-map [data-layout]')).toContainText(`1. ${strongpoint}`);
  // Hydrating the island and replacing the page's sections raised no error (React #418: a hydration mismatch).
  expect(pageErrors).toEqual([]);

  // The changes are stored: a fresh page shows them too.
  await page.reload();
  await expect(header.getByRole('link', { name: target!.value, exact: true })).toBeVisible();
  await expect(page.locator('#streams').getByRole('link', { name: 'Caster One' })).toBeVisible();
});

test("a refusal other than a bad field reads 'Could not update match, status code: {status}' and keeps the choice", async ({
  page,
}) => {
  await signInAs(page, 'manager');
  await page.goto(await ownMatch(page));
  await openEdits(page);
  // The session is gone (signed out elsewhere, expired): the server refuses the edit.
  await page.context().clearCookies();
  const select = page.getByRole('combobox', { name: 'Tournament', exact: true });
  await select.selectOption('');
  await page.getByRole('button', { name: 'Save tournament' }).click();
  await expect(page.locator('#match-edit-tournament-error')).toHaveText(
    /^Could not update match, status code: 40[13]$/,
  );
  await expect(select).toHaveValue('');
});

test('a visitor, and a manager of neither team, see no edit controls', async ({ page }) => {
  await signInAs(page, 'manager');
  const address = await ownMatch(page);
  // A demo match between two other teams (pages.ts).
  await page.goto('/statistics/matches/1496');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('[GB224] vs [IJ329]');
  await expect(page.locator('.match-edits')).toHaveCount(0);
  await page.context().clearCookies();
  await page.goto(address);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('.match-edits')).toHaveCount(0);
  await expect(page.getByText('Edit match')).toHaveCount(0);
  expect(await page.locator('script[src], link[rel=modulepreload]').count()).toBe(0);
});
