import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { auditAccessibility } from './axe.ts';
import { samplePlayers, simulateMatch, writeLog } from '#lib/domain/logs/write/index.ts';

const LOGS = 'tests/fixtures/hll';

/** Signs in as a demo identity through the demo sign-in and comes back to `path`. */
async function signIn(page: Page, as: 'admin' | 'manager' | 'user', path: string) {
  await page.goto(`/v2/auth/demo?as=${as}&redirect_uri=${encodeURIComponent(path)}`);
}

/** An example log as another game than the one the examples hold: a week later, one player replaced. */
function anotherGame(ext: 'csv' | 'json') {
  const text = readFileSync(`${LOGS}/hlu-example-logs.${ext}`, 'utf8')
    .replaceAll('2024-05-12', '2024-05-19')
    .replaceAll('76561198000000003', '76561198000000009');
  return { name: `another.${ext}`, mimeType: 'text/plain', buffer: Buffer.from(text) };
}

/**
 * Confirms the date the server read for a match dated long ago or before the series' first one (the fixtures are of
 * 2024 and early 2026): the form shows that date in words and sends again with `backdated` once it is ticked.
 */
async function confirmDate(page: Page, button = 'Report match', says?: string) {
  const ask = page.getByRole('group', { name: /^The log says this match was played on / });
  await expect(ask).toBeVisible();
  // Read before confirming: once sent, the form gives way to the match page.
  if (says !== undefined) await expect(ask).toContainText(says);
  await ask.getByRole('checkbox').check();
  await page.getByRole('button', { name: button }).click();
  return ask;
}

/** Fills the report form (hydrating it first) with the manager's team as winner and another team as loser. */
async function report(
  page: Page,
  file: string | ReturnType<typeof anotherGame>,
  format?: string,
  confirm: boolean = true,
) {
  const winner = page.getByLabel('Winner');
  await winner.focus();
  await expect(page.locator('astro-island', { has: page.locator('form.report-form') })).not.toHaveAttribute('ssr');
  const own = await winner.inputValue();
  expect(own, 'the manager’s team comes first').not.toBe('');
  const options = await page
    .getByLabel('Loser')
    .locator('option')
    .evaluateAll((nodes) => nodes.map((n) => (n as HTMLOptionElement).value));
  const loser = options.find((v) => v && v !== own) ?? '';
  await page.getByLabel('Loser').selectOption(loser);
  if (format) await page.getByLabel('Format').selectOption(format);
  await page.locator('input[type=file]').setInputFiles(typeof file === 'string' ? `${LOGS}/${file}` : file);
  await page.getByRole('button', { name: 'Report match' }).click();
  if (confirm) await confirmDate(page);
  return { own, loser };
}

test('a signed-out visitor is sent to sign in and comes back to the report form', async ({ page }) => {
  await page.goto('/statistics/matches/report');
  expect(new URL(page.url()).pathname).toBe('/demo-login');
  await page.getByRole('link', { name: 'Demo team manager' }).click();
  expect(new URL(page.url()).pathname).toBe('/statistics/matches/report');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Report match');
  const results = await auditAccessibility(page);
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});

test('the form shows what the chosen log says before sending: date, result and players per side', async ({ page }) => {
  await signIn(page, 'manager', '/statistics/matches/report');
  const winner = page.getByLabel('Winner');
  await winner.focus();
  await expect(page.locator('astro-island', { has: page.locator('form.report-form') })).not.toHaveAttribute('ssr');
  await page.locator('input[type=file]').setInputFiles(`${LOGS}/hlu-example-logs.txt`);
  const summary = page.locator('.log-summary');
  await expect(summary).toContainText(
    'The log: Carentan, 3-2, played on Sunday 12 May 2024, 19:02 UTC; 2 players on Allies and 2 players on Axis.',
  );
  await expect(summary).toContainText('A side of 2 players is a seeding or test game, not a competitive match');
  await page.getByLabel('Type').selectOption('friendly');
  await expect(summary.locator('.field-error')).toHaveCount(0);
});

test('a signed-in user who manages no team is told who reports matches', async ({ page }) => {
  await signIn(page, 'user', '/statistics/matches/report');
  await expect(page.getByText('Only team managers report matches')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Request team registration' })).toBeVisible();
  await expect(page.locator('form.report-form')).toHaveCount(0);
});

test('the form checks the teams before sending and keeps what was typed', async ({ page }) => {
  await signIn(page, 'manager', '/statistics/matches/report');
  const winner = page.getByLabel('Winner');
  await winner.focus();
  await expect(page.locator('astro-island', { has: page.locator('form.report-form') })).not.toHaveAttribute('ssr');
  await page.getByLabel('Loser').selectOption(await winner.inputValue());
  await page.getByLabel('Title (optional)').fill('Grand final');
  await page.getByRole('button', { name: 'Report match' }).click();
  await expect(page.getByText('The loser must be another team than the winner')).toBeVisible();
  await expect(page.getByText('Choose the log file of the match')).toBeVisible();
  await expect(page.getByLabel('Title (optional)')).toHaveValue('Grand final');
});

test('a manager reports a real log, an admin approves it and it is rated', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'manager', '/statistics/matches/report');
  await page.screenshot({ path: '.tmp/report-form.png', fullPage: true });
  const { own, loser } = await report(page, 'hlu-example-logs.json');
  await page.waitForURL(/\/statistics\/matches\/\d+\?series=/);
  const matchPath = new URL(page.url()).pathname + new URL(page.url()).search;
  await expect(page.locator('.match-header .status-badge')).toHaveText('Pending approval');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${own} vs ${loser}`);
  // The reporter cannot approve their own report: no buttons for them.
  await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);

  await signIn(page, 'admin', matchPath);
  const approve = page.getByRole('button', { name: 'Approve' });
  await approve.focus();
  await expect(page.locator('astro-island', { has: page.locator('.match-decision') })).not.toHaveAttribute('ssr');
  const answered = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/matches/'));
  await approve.click();
  const started = Date.now();
  expect((await answered).status()).toBe(200);
  console.log(`approve answered after ${Date.now() - started} ms`);
  await expect(page.locator('.match-decision strong')).toHaveText('Queued');
  // The rating queue rates it shortly after.
  await expect(async () => {
    await page.reload();
    await expect(page.locator('.match-header .status-badge')).toHaveText('Posted', { timeout: 1000 });
  }).toPass({ timeout: 60_000 });
  const ratings = page.getByRole('table', { name: 'Rating (mean) before and after this match' });
  const change = await ratings.locator('tbody tr').first().locator('td').last().innerText();
  expect(change).toMatch(/^\+\d+\.\d\d$/);
});

test("a game is reported once; a disputed report shows 'Disputed by opponent' and only an admin approves it", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => void (message.type() === 'error' && pageErrors.push(message.text())));
  await signIn(page, 'manager', '/statistics/matches/report');
  await report(page, anotherGame('csv'));
  await page.waitForURL(/\/statistics\/matches\/\d+\?series=/);
  const matchPath = new URL(page.url()).pathname + new URL(page.url()).search;
  // The same game exported as JSON is refused with a link to the match already reported, keeping the form filled.
  await page.goto('/statistics/matches/report');
  await report(page, anotherGame('json'));
  const refused = page.getByRole('alert').filter({ hasText: 'This game has already been reported as match' });
  await expect(refused).toContainText('approve or dispute that match instead');
  await expect(refused.getByRole('link')).toHaveAttribute('href', matchPath);
  await expect(page.getByLabel('Loser')).not.toHaveValue('');
  await signIn(page, 'admin', matchPath);
  // The first press both hydrates the island and acts: the directive holds the click until the island is ready.
  await page.getByRole('button', { name: 'Dispute' }).click();
  await expect(page.locator('.match-decision strong')).toHaveText('Disputed by opponent');
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Match disputed');
  // The notice wakes the notifications island: its hydration must match the server's HTML (React error #418).
  expect(pageErrors.filter((text) => /#418|hydrat/i.test(text))).toEqual([]);
  await page.reload();
  await expect(page.locator('.match-header .status-badge')).toHaveText('Disputed by opponent');
  const approve = page.getByRole('button', { name: 'Approve' });
  await approve.focus();
  await expect(page.locator('astro-island', { has: page.locator('.match-decision') })).not.toHaveAttribute('ssr');
  await approve.click();
  await expect(page.locator('.match-decision strong')).toHaveText('Queued');
});

const twoGamesPlayers = samplePlayers(31, 24);
/** Two short games between the same 24 simulated players. */
const twoGames = {
  durationMinutes: 20,
  allies: twoGamesPlayers.slice(0, 12),
  axis: twoGamesPlayers.slice(12),
  alliedScore: 1,
  axisScore: 4,
  killsPerMinute: 4,
  chats: 0,
};

/** Both teams' TrueSkill means as their team pages show them. */
async function teamMeans(page: Page, tags: string[]) {
  const means: string[] = [];
  for (const tag of tags) {
    await page.goto(`/teams/${encodeURIComponent(tag)}`);
    means.push(
      await page.locator('dt', { hasText: 'TrueSkill mean' }).locator('xpath=following-sibling::dd[1]').innerText(),
    );
  }
  return means;
}

test('a server log holding two games offers both, reports the chosen one, and both teams’ ratings move on their pages once it is approved', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const first = simulateMatch({ ...twoGames, seed: 31, start: new Date('2026-03-08T18:00:00Z'), map: 'carentan' });
  const second = simulateMatch({ ...twoGames, seed: 32, start: new Date('2026-03-08T19:30:00Z'), map: 'foy' });
  const log = writeLog('rcon', [...first.events, ...second.events]);

  await signIn(page, 'manager', '/statistics/matches/report');
  const { own, loser } = await report(
    page,
    { name: 'server.log', mimeType: 'text/plain', buffer: Buffer.from(log) },
    undefined,
    false,
  );
  const choices = page.getByRole('group', { name: 'This file holds several matches: choose the one to report' });
  await expect(choices.getByRole('radio')).toHaveCount(2);
  await choices.getByRole('radio').nth(1).check();
  await page.getByRole('button', { name: 'Report the chosen match' }).click();
  await confirmDate(page, 'Report the chosen match');
  await page.waitForURL(/\/statistics\/matches\/\d+\?series=/);
  const matchPath = new URL(page.url()).pathname + new URL(page.url()).search;
  await expect(page.locator('.match-header')).toContainText('Foy');
  await expect(page.locator('.match-header .status-badge')).toHaveText('Pending approval');

  const before = await teamMeans(page, [own, loser]);
  await signIn(page, 'admin', matchPath);
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.locator('.match-decision strong')).toHaveText('Queued');
  await expect(async () => {
    await page.reload();
    await expect(page.locator('.match-header .status-badge')).toHaveText('Posted', { timeout: 1000 });
  }).toPass({ timeout: 60_000 });
  const after = await teamMeans(page, [own, loser]);
  expect(after[0]).not.toBe(before[0]);
  expect(after[1]).not.toBe(before[1]);
});

test('a text export is dated from its weekday, and the form shows that date in words before sending it', async ({
  page,
}) => {
  await signIn(page, 'manager', '/statistics/matches/report');
  const winner = page.getByLabel('Winner');
  await winner.focus();
  await expect(page.locator('astro-island', { has: page.locator('form.report-form') })).not.toHaveAttribute('ssr');
  await expect(page.getByLabel(/^Year of the log/)).toHaveCount(0);
  await page.getByLabel('Format').selectOption('hlu-txt');
  // HLU writes 'Sun, Mar 15' and no year: left empty, the year is the latest one with 15 March on a Sunday.
  await expect(page.getByLabel(/^Year of the log/)).toHaveValue('');
  // A simulated game: the examples' game is reported by another journey, and the same players and kills would be
  // recognised as that game whatever the year.
  const game = simulateMatch({ ...twoGames, seed: 33, start: new Date('2026-03-15T18:00:00Z'), map: 'foy' });
  const file = { name: 'game.txt', mimeType: 'text/plain', buffer: Buffer.from(writeLog('hlu-txt', game.events)) };
  // A year whose 15 March is no Sunday is refused with both named.
  await page.getByLabel(/^Year of the log/).fill('2023');
  await report(page, file, undefined, false);
  // Shown next to the year field, which it names.
  await expect(page.locator('#year-error')).toContainText('but in 2023 that day is a Wednesday, not a Sunday');
  await page.getByLabel(/^Year of the log/).fill('');
  await page.getByRole('button', { name: 'Report match' }).click();
  await confirmDate(page, 'Report match', 'Sunday 15 March 2026, 18:00 UTC');
  await page.waitForURL(/\/statistics\/matches\/\d+\?series=/);
  await expect(page.locator('.match-header')).toContainText('2026');
});
