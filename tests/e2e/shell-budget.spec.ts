/**
 * The JavaScript budget of ui.md: per page, the gzipped script bytes loaded before and after the first
 * interaction. Before it, a public page may carry only Astro's inline island loader (the island runtime and the
 * client:engage directive, at most 4 KB gzipped): no external script, no module preload. The numbers are printed
 * and written to .tmp/js-budget.json. It runs over the public pages of the one page list (pages.ts).
 */
import fs from 'node:fs';
import { gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { PAGES } from './pages.ts';

// Public pages a visitor reads; the first interaction is focusing the series dropdown, which every page has.
const BUDGET_PAGES = PAGES.filter((p) => !p.role && (p.status ?? 200) === 200);

const INLINE_LOADER_LIMIT = 4 * 1024;
const gz = (text: string | Buffer) => gzipSync(text).length;
const measured: Record<string, { inlineBefore: number; externalBefore: number; afterInteraction: number }> = {};

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
    const scripts: Promise<number>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.body().then(gz, () => 0));
    });
    await page.goto(path, { waitUntil: 'networkidle' });
    const inline = await page.locator('script:not([src])').evaluateAll((nodes) => nodes.map((n) => n.textContent));
    const before = {
      inline: gz(inline.join('\n')),
      external: (await Promise.all(scripts)).reduce((a, b) => a + b, 0),
      preloads: await page.locator('link[rel=modulepreload], script[src]').count(),
    };
    await focusSeriesMenu(page);
    await page.waitForLoadState('networkidle');
    const after = (await Promise.all(scripts)).reduce((a, b) => a + b, 0);
    measured[path] = { inlineBefore: before.inline, externalBefore: before.external, afterInteraction: after };
    console.log(`JS budget ${path}: before ${before.inline} B inline + ${before.external} B; after ${after} B (gz)`);
    expect(before.external, 'no external script before interaction').toBe(0);
    expect(before.preloads, 'no module preload before interaction').toBe(0);
    expect(before.inline).toBeLessThanOrEqual(INLINE_LOADER_LIMIT);
    expect(after, 'the island loads once engaged').toBeGreaterThan(0);
  });
}

test.afterAll(() => {
  fs.mkdirSync('.tmp', { recursive: true });
  fs.writeFileSync('.tmp/js-budget.json', `${JSON.stringify(measured, null, 2)}\n`);
});
