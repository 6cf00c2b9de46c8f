/**
 * The JavaScript budget of ui.md. Per public page of the one page list (pages.ts): before the first interaction a
 * page carries only Astro's inline island loader (the island runtime and the client:engage directive: at most 6 KB
 * raw, 4 KB gzipped), no external script and no module preload. Per island: the scripts its first tap loads, as
 * brotli at the build's level (the site sends the precompressed files): at most 50 KB for the series and user
 * menus, 65 KB for any other island, React and shared code in chunks every island reuses. The numbers are printed
 * and written to .tmp/js-budget.json.
 */
import fs from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { PAGES, type DemoRole } from './pages.ts';
import { signInAs } from './sign-in.ts';

// Public pages a visitor reads; the first interaction is focusing the series dropdown, which every page has.
const BUDGET_PAGES = PAGES.filter((p) => !p.role && (p.status ?? 200) === 200);

const INLINE_LOADER_RAW = 6 * 1024;
const INLINE_LOADER_GZIP = 4 * 1024;
const KB = 1024;
const gz = (text: string | Buffer) => gzipSync(text).length;
const br = (body: Buffer) =>
  brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }).length;
const measured: Record<string, Record<string, number>> = {};

/** Collects the bodies of the scripts the page loads from now on; `total()` adds their compressed sizes. */
function scriptsFrom(page: Page, size: (body: Buffer) => number) {
  const sizes: Promise<number>[] = [];
  const urls: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    urls.push(new URL(response.url()).pathname);
    sizes.push(response.body().then(size, () => 0));
  });
  return { urls, total: async () => (await Promise.all(sizes)).reduce((a, b) => a + b, 0) };
}

const focusSeriesMenu = async (page: Page) => {
  // A match's pages lock the series (spec section 2): there the first island (the side navigation) is engaged.
  if ((await page.locator('details.series-menu').count()) === 0) {
    const island = page.locator('astro-island').first();
    await island.locator('a, button, summary').first().focus();
    await expect(island).not.toHaveAttribute('ssr');
    return;
  }
  await page.locator('details.series-menu summary').focus();
  await expect(page.locator('astro-island', { has: page.locator('details.series-menu') })).not.toHaveAttribute('ssr');
};

for (const { path } of BUDGET_PAGES) {
  test(`JavaScript budget of ${path}`, async ({ page }) => {
    const scripts = scriptsFrom(page, gz);
    await page.goto(path, { waitUntil: 'networkidle' });
    const inline = await page.locator('script:not([src])').evaluateAll((nodes) => nodes.map((n) => n.textContent));
    const before = {
      raw: Buffer.byteLength(inline.join('\n')),
      inline: gz(inline.join('\n')),
      external: await scripts.total(),
      preloads: await page.locator('link[rel=modulepreload], script[src]').count(),
    };
    await focusSeriesMenu(page);
    await page.waitForLoadState('networkidle');
    const after = await scripts.total();
    measured[path] = { inlineRaw: before.raw, inlineBefore: before.inline, externalBefore: before.external };
    console.log(`JS budget ${path}: before ${before.raw} B inline (${before.inline} B gz) + ${before.external} B`);
    expect(before.external, 'no external script before interaction').toBe(0);
    expect(before.preloads, 'no module preload before interaction').toBe(0);
    expect(before.raw, 'inline script before interaction (raw)').toBeLessThanOrEqual(INLINE_LOADER_RAW);
    expect(before.inline).toBeLessThanOrEqual(INLINE_LOADER_GZIP);
    expect(after, 'the island loads once engaged').toBeGreaterThan(0);
  });
}

/** An island and how a visitor first touches it: the page it is on, who is signed in, what is focused. */
interface IslandCase {
  name: string;
  path: string;
  role?: DemoRole;
  /** The element focused as the first interaction (inside the island). */
  engage: string;
  /** A disclosure to open first, so that the element can take focus. */
  open?: string;
  limitKb: number;
}

const ISLANDS: IslandCase[] = [
  { name: 'series menu', path: '/teams', engage: 'details.series-menu summary', limitKb: 50 },
  { name: 'user menu', path: '/teams', role: 'user', engage: 'details.user-menu summary', limitKb: 50 },
  { name: 'side navigation', path: '/statistics/players', engage: '.side-nav summary', limitKb: 65 },
  { name: 'match filters', path: '/statistics/matches', engage: '.match-filters summary', limitKb: 65 },
  {
    name: 'report form',
    path: '/statistics/matches/report',
    role: 'manager',
    engage: '.report-form input, .report-form select',
    limitKb: 65,
  },
  {
    name: 'match decision',
    path: '/statistics/matches/1498',
    role: 'admin',
    engage: '.match-decision button',
    limitKb: 65,
  },
  {
    name: 'match edits: cap flips',
    path: '/statistics/matches/1445',
    role: 'manager',
    engage: 'fieldset:has(#match-edit-cap-flips-legend) button',
    open: 'details.match-edits > summary',
    limitKb: 65,
  },
  {
    name: 'match edits: correction',
    path: '/statistics/matches/1445',
    role: 'admin',
    engage: '#match-edit-correction-date',
    open: 'details.match-edits > summary',
    limitKb: 65,
  },
  { name: 'team request form', path: '/teams/request', role: 'user', engage: '#team-name', limitKb: 65 },
  { name: 'team admin', path: '/teams/%5BGG333%5D/edit', role: 'admin', engage: '#team-new_tag', limitKb: 65 },
  { name: 'tournament form', path: '/statistics/tournaments/add', role: 'admin', engage: '#tf-name', limitKb: 65 },
  { name: 'claims', path: '/my-profile', role: 'admin', engage: '#claim-id', limitKb: 65 },
  { name: 'webhooks', path: '/admin/webhooks', role: 'admin', engage: '#webhook-url', limitKb: 65 },
  { name: 'statistics refresh', path: '/statistics/winrates', engage: 'a.button:text-is("Refresh")', limitKb: 65 },
];

for (const island of ISLANDS) {
  test(`first tap of the ${island.name} island`, async ({ page }) => {
    if (island.role) await signInAs(page, island.role);
    await page.goto(island.path, { waitUntil: 'networkidle' });
    if (island.open) await page.locator(island.open).click();
    const scripts = scriptsFrom(page, br);
    const target = page.locator(island.engage).first();
    await target.focus();
    await expect(page.locator('astro-island', { has: target })).not.toHaveAttribute('ssr');
    await page.waitForLoadState('networkidle');
    const total = await scripts.total();
    measured[`island: ${island.name}`] = { firstTapBrotli: total };
    console.log(`First tap of the ${island.name}: ${(total / KB).toFixed(1)} KB brotli (${scripts.urls.join(' ')})`);
    expect(total, 'the island loads its code').toBeGreaterThan(0);
    expect(total, `${island.name}: brotli bytes of the first tap`).toBeLessThanOrEqual(island.limitKb * KB);
  });
}

test.afterAll(() => {
  fs.mkdirSync('.tmp', { recursive: true });
  fs.writeFileSync('.tmp/js-budget.json', `${JSON.stringify(measured, null, 2)}\n`);
});
