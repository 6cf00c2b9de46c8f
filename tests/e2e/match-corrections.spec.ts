import { expect, test, type Page } from '@playwright/test';
import { samplePlayers, simulateMatch, writeLog } from '#lib/domain/logs/write/index.ts';
import { auditAccessibility } from './axe.ts';
import { signInAs } from './sign-in.ts';

/*
 * A wrong report fixed on the match page (issue 37): the manager who sent it corrects it while it waits for approval,
 * and an admin deletes a match. The matches are reported here (a simulated game each), so that no other journey's
 * match changes.
 */

const players = samplePlayers(37, 24);

/**
 * Reports a simulated game (Axis wins 4-1) as the signed-in manager through the API, their team the winner; answers
 * the match page's address and both tags, winner first.
 */
async function reportGame(
  page: Page,
  seed: number,
): Promise<{ path: string; series: string; winner: string; loser: string }> {
  const me = (await (await page.request.get('/v2/users/@me')).json()) as { my_teams: string[] };
  const winner = me.my_teams[0] ?? '';
  const series = (await (await page.request.get('/v3/series')).json()) as { tag: string; current: boolean }[];
  const current = series.find((s) => s.current)?.tag ?? '';
  const teams = (await (await page.request.get(`/v3/series/${current}/teams?limit=5`)).json()) as { tag: string }[];
  const loser = teams.map((t) => t.tag).find((tag) => tag !== winner) ?? '';
  const game = simulateMatch({
    seed,
    // Days apart: never taken for one game reported twice (same teams and map within minutes).
    start: new Date(Date.now() - (2 + seed) * 86_400_000),
    map: 'carentan',
    durationMinutes: 20,
    allies: players.slice(0, 12),
    axis: players.slice(12),
    alliedScore: 1,
    axisScore: 4,
    killsPerMinute: 4,
    chats: 0,
  });
  const csrf = (await page.context().cookies()).find((c) => c.name === 'csrf_token')?.value ?? '';
  const response = await page.request.post('/v2/matches/serverlog', {
    headers: { 'x-csrf-token': csrf },
    multipart: {
      data: JSON.stringify({ teams: [winner, loser], kind: 'competitive' }),
      file: { name: 'server.log', mimeType: 'text/plain', buffer: Buffer.from(writeLog('rcon', game.events)) },
      backdated: 'true',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { match_id: id } = (await response.json()) as { match_id: number };
  return { path: `/statistics/matches/${id}?series=${current}`, series: current, winner, loser };
}

/** Opens the edits disclosure and hydrates the form holding `field` by focusing it. */
async function wake(page: Page, field: ReturnType<Page['getByLabel']>) {
  const edits = page.locator('details.match-edits');
  if ((await edits.getAttribute('open')) === null) await edits.locator('> summary').click();
  await field.focus();
  await expect(page.locator('astro-island', { has: field })).not.toHaveAttribute('ssr');
}

test('the manager who reported a match corrects its date and result before it is approved, and sees them', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await signInAs(page, 'manager');
  const { path, winner, loser } = await reportGame(page, 1);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${winner} vs ${loser}`);
  await expect(page.locator('.match-header .status-badge')).toHaveText('Pending approval');

  // Before hydration the correction is a labelled form in the edits disclosure.
  await page.locator('details.match-edits > summary').click();
  await expect(page.locator('details.match-edits legend', { hasText: /^Correct the report$/ })).toBeVisible();
  const date = page.getByLabel('Played on (UTC)');
  await wake(page, date);

  // A date in the future is refused next to its field, nothing sent; what was typed stays.
  await date.fill('2099-01-01T12:00');
  await page.getByRole('button', { name: 'Save correction' }).click();
  await expect(page.locator('#match-edit-correction-date-error')).toHaveText('The match cannot be dated in the future');
  await expect(date).toHaveValue('2099-01-01T12:00');
  const results = await auditAccessibility(page);
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  // The other team won (on the same side: the cap flips still end at the result), a day earlier than reported.
  await date.fill('2026-03-01T17:30');
  await page.getByLabel('Winner', { exact: true }).selectOption(loser);
  await page.getByRole('button', { name: 'Save correction' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(
    `Match corrected: ${loser} won 4-1 as Axis, played 2026-03-01 17:30 UTC.`,
  );
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${loser} vs ${winner}`);
  await expect(page.locator('.match-header time')).toHaveAttribute('datetime', '2026-03-01T17:30:00.000Z');
  expect(pageErrors).toEqual([]);

  // Stored: a fresh page shows it.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${loser} vs ${winner}`);
  for (const [width, height] of [
    [390, 844],
    [1366, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.locator('details.match-edits > summary').click();
    await page.screenshot({ path: `.tmp/match-correction-${width}.png`, fullPage: false });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `no horizontal overflow at ${width} px`).toBeLessThanOrEqual(0);
    await page.locator('details.match-edits > summary').click();
  }
});

test('an admin deletes a match after confirming it in words, and it is gone', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, 'manager');
  const { path } = await reportGame(page, 2);
  const id = /\/statistics\/matches\/(\d+)/.exec(path)?.[1] ?? '';
  await signInAs(page, 'admin', path);
  await page.goto(path);
  const ask = page.getByRole('button', { name: `Delete match ${id}…` });
  await wake(page, ask);
  await ask.click();
  const question = page.getByRole('group', { name: new RegExp(`^Delete match ${id} \\(`) });
  await expect(question).toContainText('This cannot be undone.');
  // Changing one's mind leaves the match alone.
  await question.getByRole('button', { name: 'Keep the match' }).click();
  await expect(question).toHaveCount(0);
  await ask.click();
  await page.getByRole('button', { name: `Yes, delete match ${id}` }).click();
  await page.waitForURL(/\/statistics\/matches\?series=/);
  const gone = await page.goto(path);
  expect(gone?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('No match');
});

test('once a match is approved, its manager no longer sees the correction, and the server refuses it', async ({
  page,
}) => {
  await signInAs(page, 'manager');
  const { path, series } = await reportGame(page, 3);
  const id = Number(/\/statistics\/matches\/(\d+)/.exec(path)?.[1]);
  await signInAs(page, 'admin', path);
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.locator('.match-decision strong')).toHaveText('Queued');
  await signInAs(page, 'manager', path);
  await page.goto(path);
  await page.locator('details.match-edits > summary').click();
  await expect(page.locator('details.match-edits legend', { hasText: /^Cap flips$/ })).toBeVisible();
  await expect(page.getByText('Correct the report')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Delete match/ })).toHaveCount(0);
  const csrf = (await page.context().cookies()).find((c) => c.name === 'csrf_token')?.value ?? '';
  const refused = await page.request.delete(`/v3/series/${series}/matches/${id}`, {
    headers: { 'x-csrf-token': csrf },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ code: 'MatchApprovedAdminOnly' });
});
