import { renderAsync } from '@resvg/resvg-js';
import { expect, test, type Page } from '@playwright/test';
import { signInAs } from './sign-in.ts';
import { e2ePort, e2eWebhookBase } from '#tests/helpers/e2e-server.ts';
import { startFakeDiscord, type FakeDiscord, type Received } from '#tests/fake-discord/webhooks.ts';
import { missingGlyphs } from '#tests/helpers/glyphs.ts';
import { samplePlayers, simulateMatch, writeLog } from '#lib/domain/logs/write/index.ts';
import { teamDetailSchema } from '#lib/schemas/team.ts';
import { teamCard } from '#lib/previews/cards.ts';
import { previewSvg } from '#lib/previews/svg.ts';
import { FONT_FAMILY } from '#lib/previews/draw.ts';
import { svgText, BASE_FONTS, fontFilesFor } from '#lib/server/previews/fonts.ts';
import { previewPath } from '#lib/server/previews/meta.ts';
import { renderPng } from '#lib/server/previews/render.ts';

/*
 * What a Discord reader sees of the site (issue 38): the message the site posts when a match is approved, as the
 * fake Discord receives it, and the preview images a link unfurls into, fetched from the running site.
 */

test.describe.configure({ timeout: 150_000 });

let fake: FakeDiscord;
test.beforeAll(async () => {
  // The site posts to the port after its own (e2e-server.ts), where this fake listens during this file.
  fake = await startFakeDiscord(e2ePort() + 1);
  expect(fake.base).toBe(e2eWebhookBase(e2ePort()));
});
test.afterAll(async () => fake.close());

async function csrfOf(page: Page): Promise<string> {
  return (await page.context().cookies()).find((c) => c.name === 'csrf_token')!.value;
}

/** A simulated game between 24 players, a day ago: one no other journey reports. */
function freshGame(): { name: string; mimeType: string; buffer: Buffer } {
  const players = samplePlayers(38, 24);
  const game = simulateMatch({
    durationMinutes: 20,
    allies: players.slice(0, 12),
    axis: players.slice(12),
    alliedScore: 3,
    axisScore: 2,
    killsPerMinute: 4,
    chats: 0,
    seed: 38,
    start: new Date(Date.now() - 24 * 3600_000),
    map: 'carentan',
  });
  return { name: 'server.log', mimeType: 'text/plain', buffer: Buffer.from(writeLog('rcon', game.events)) };
}

/** Reports `file` as the manager, the manager's team the winner: the match page's address and both tags. */
async function reportAsManager(page: Page, file: ReturnType<typeof freshGame>) {
  await signInAs(page, 'manager', '/statistics/matches/report');
  const winner = page.getByLabel('Winner');
  await winner.focus();
  await expect(page.locator('astro-island', { has: page.locator('form.report-form') })).not.toHaveAttribute('ssr');
  const own = await winner.inputValue();
  const options = await page
    .getByLabel('Loser')
    .locator('option')
    .evaluateAll((nodes) => nodes.map((n) => (n as HTMLOptionElement).value));
  const loser = options.find((v) => v && v !== own)!;
  await page.getByLabel('Loser').selectOption(loser);
  await page.locator('input[type=file]').setInputFiles(file);
  await page.getByRole('button', { name: 'Report match' }).click();
  await page.waitForURL(/\/statistics\/matches\/\d+\?series=/);
  const url = new URL(page.url());
  return { path: url.pathname + url.search, own, loser };
}

test('an approved match reaches Discord with its tags as written and rating lines in words', async ({ page }) => {
  const hook = { id: '380000000000000038', token: `e2e-${'t'.repeat(40)}` };
  await signInAs(page, 'admin', '/admin/webhooks');
  await page.getByLabel('Webhook URL').fill(`${fake.base}/${hook.id}/${hook.token}`);
  await page.getByRole('button', { name: 'Add webhook' }).click();
  await expect(page.locator('.webhook-list')).toContainText(hook.id);

  try {
    const match = await reportAsManager(page, freshGame());
    await signInAs(page, 'admin', match.path);
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page.locator('.match-decision strong')).toHaveText('Queued');

    const matchId = /\/statistics\/matches\/(\d+)/.exec(match.path)![1]!;
    let posted: Received | undefined;
    await expect(async () => {
      posted = fake.received.find(
        (r) => r.webhookId === hook.id && r.body.embeds?.[0]?.url.includes(`/statistics/matches/${matchId}?`),
      );
      expect(posted, 'the match message').toBeDefined();
    }).toPass({ timeout: 90_000 });
    const embed = posted!.body.embeds![0]!;
    // The tags as the teams write them, brackets and all, once.
    expect(embed.title).toMatch(new RegExp(`^${escape(match.own)} .* beat ${escape(match.loser)}( .*)? 3-2$`));
    expect(JSON.stringify(posted!.body)).not.toMatch(/\[\[|\]\]/);
    // Each team's line: its mean and its score before and after, with the change, in words.
    const number = String.raw`[−-]?\d+\.\d\d`;
    const change = String.raw`\([+−]?\d+\.\d\d\)`;
    const line = (tag: string) =>
      new RegExp(`^${escape(tag)}: mean ${number} → ${number} ${change} · score ${number} → ${number} ${change}$`);
    const ratings = embed.fields.find((f) => f.name === 'Rating changes')!.value.split('\n');
    expect(ratings[0]).toMatch(line(match.own));
    expect(ratings[1]).toMatch(line(match.loser));
    // A score that moved against the mean is explained, never left as a bare number.
    const against = ratings.slice(0, 2).some((text) => {
      const [mean, score] = [...text.matchAll(/\(([+−]?\d+\.\d\d)\)/g)].map((m) => Number(m[1]!.replace('−', '-')));
      return Math.sign(mean!) !== Math.sign(score!) && score !== 0;
    });
    if (against) expect(ratings[2]).toMatch(/^Score = mean − 3 × uncertainty/);
  } finally {
    await signInAs(page, 'admin', '/admin/webhooks');
    await page.getByRole('button', { name: `Remove webhook ${hook.id}` }).click();
    await expect(page.locator('.webhook-list')).toHaveCount(0);
  }
});

/** `text` as a literal in a regular expression. */
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Team names of the community, one per script a preview image must draw. */
const SCRIPTS = {
  CJK: { tag: '[湊あ]', name: '美术特长生 湊あくあ' },
  Cyrillic: { tag: '[ДМ]', name: 'Дмитрий Ёжиков' },
  Arabic: { tag: '[مح]', name: 'محمد الجندي' },
  Hebrew: { tag: '[של]', name: 'שלום חבר' },
  'emoji and symbols': { tag: '[✪🎯]', name: '✪ (WTH) Beard 🎯🔥' },
};

test('the preview images of teams named in five scripts show every character, none as a missing glyph', async ({
  page,
  baseURL,
}) => {
  await signInAs(page, 'admin', '/privacy-policy');
  // In a past series: the pages of the current one, which the sweep checks beside the journeys, stay as seeded.
  const series = (await (await page.request.get('/v3/series')).json()) as { tag: string; current: boolean }[];
  const past = series.find((s) => !s.current)!.tag;
  for (const [script, team] of Object.entries(SCRIPTS)) {
    const created = await page.request.post(`/v3/series/${past}/teams`, {
      data: team,
      headers: { 'x-csrf-token': await csrfOf(page), origin: baseURL! },
    });
    expect([script, created.status()]).toEqual([script, 201]);

    await page.goto(`/teams/${encodeURIComponent(team.tag)}?series=${past}`);
    const image = new URL((await page.locator('meta[property="og:image"]').getAttribute('content'))!);
    // The card the page's image shows, built from the public API: its address names a hash of everything drawn.
    const detail = teamDetailSchema.parse(
      await (await page.request.get(`/v3/series/${past}/teams/${encodeURIComponent(team.tag)}`)).json(),
    );
    const card = teamCard(past, detail);
    expect([script, image.pathname]).toEqual([script, previewPath(card)]);
    const svg = previewSvg(card);
    expect([script, svgText(svg)]).toEqual([script, expect.stringContaining(team.name)]);

    const served = await page.request.get(image.pathname);
    expect([script, served.status(), served.headers()['content-type']]).toEqual([script, 200, 'image/png']);
    const png = await served.body();
    // Every character the image draws has a glyph in the fonts it is drawn with (fontkit), and the served image is
    // that drawing (resvg), not the one with Inter alone, where the names Inter lacks are missing glyphs.
    expect([script, missingGlyphs(svgText(svg))]).toEqual([script, []]);
    expect([script, png.equals(await renderPng(svg))]).toEqual([script, true]);
    const latinOnly = (
      await renderAsync(svg, {
        fitTo: { mode: 'original' },
        font: { fontFiles: BASE_FONTS, loadSystemFonts: false, defaultFontFamily: FONT_FAMILY },
      })
    ).asPng();
    // Inter draws Cyrillic itself; the other scripts need the fallback fonts.
    const needsFallbacks = fontFilesFor(svgText(svg)).length > BASE_FONTS.length;
    expect([script, needsFallbacks, png.equals(latinOnly)]).toEqual([script, script !== 'Cyrillic', !needsFallbacks]);
  }
});
