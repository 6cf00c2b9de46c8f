/**
 * The sweep over every page of the one page list (pages.ts): each answers with its status, the security headers
 * and the document title '{page} | Hell Let Loose Skill System', has no serious or critical axe violation, and
 * fits a 1366 px desktop and a 390 px phone without horizontal scrolling. Screenshots of both widths are written
 * to .tmp/screenshots/ to be looked at.
 */
import fs from 'node:fs';
import { auditAccessibility } from './axe.ts';
import { expect, test, type Page } from '@playwright/test';
import { PAGES, documentTitle, pageSlug } from './pages.ts';
import { signInAs } from './sign-in.ts';

const VIEWPORTS = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;
const SCREENSHOTS = '.tmp/screenshots';

/** How far the document is wider than the viewport, with the elements that stick out (for the message). */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 1)
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${[...el.classList].join('.')}`);
    return { scrollWidth: document.documentElement.scrollWidth, width, wide };
  });
}

test.beforeAll(() => fs.mkdirSync(SCREENSHOTS, { recursive: true }));

for (const sitePage of PAGES) {
  test(`${sitePage.role ? `${sitePage.role}: ` : ''}${sitePage.path}`, async ({ page }) => {
    // A cold page, an axe run and two screenshots: past 30 s on a loaded 2-core machine.
    test.setTimeout(90_000);
    if (sitePage.role) await signInAs(page, sitePage.role);
    const response = await page.goto(sitePage.path);
    expect(response?.status()).toBe(sitePage.status ?? 200);
    const headers = response?.headers() ?? {};
    expect(headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['content-type']).toBe('text/html; charset=utf-8');
    await expect(page).toHaveTitle(documentTitle(sitePage));
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('h1')).toHaveCount(1);
    const backdrop = await page.evaluate(() => getComputedStyle(document.body).backgroundImage);
    if (sitePage.plain) expect(backdrop, 'no background image').toBe('none');
    else expect(backdrop, 'the background image').toContain('/backdrop.svg');

    // Cards deferred below the fold (content-visibility: auto) are laid out and painted only near the viewport:
    // axe's colour checks and a full-page screenshot need every one of them drawn.
    await page.addStyleTag({ content: '.deferred { content-visibility: visible !important; }' });
    const axe = await auditAccessibility(page);
    const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);

    for (const viewport of VIEWPORTS) {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await page.screenshot({ path: `${SCREENSHOTS}/${pageSlug(sitePage)}-${viewport.width}.png`, fullPage: true });
      const measured = await overflow(page);
      expect(
        measured.scrollWidth,
        `${viewport.name}: wider than the screen: ${measured.wide.join(', ')}`,
      ).toBeLessThanOrEqual(measured.width);
    }
  });
}
