/**
 * No layout shift from the scrollbar (issue 15, item 5), over the public pages of the one page list (pages.ts) at
 * desktop width. On a slow connection the browser paints the top of a page before the rest has arrived, while the
 * page is still shorter than the window; the scrollbar that appears with the rest took 15 px from a centred page and
 * moved all of it sideways (Lighthouse measured the shift, CLS 0.01-0.035, on the player page). Each page is laid
 * out twice here, whole and cut down to its first heading, and what the browser shows must sit at the same place in
 * both. Phones draw their scrollbars over the page, so only the desktop can shift this way.
 */
import { expect, test } from '@playwright/test';
import { BROWSER_LAUNCH } from '#tests/helpers/e2e-server.ts';
import { PAGES } from './pages.ts';

const SHIFT_PAGES = PAGES.filter((p) => !p.role && (p.status ?? 200) === 200);

// Playwright hides the scrollbars of a headless browser by default; a visitor's browser shows them.
test.use({
  launchOptions: { ...BROWSER_LAUNCH, ignoreDefaultArgs: ['--hide-scrollbars'] },
  viewport: { width: 1350, height: 940 },
});

for (const { path } of SHIFT_PAGES) {
  test(`${path} sits where it sat before it was taller than the window`, async ({ page }) => {
    await page.goto(path);
    const place = () =>
      page.evaluate(() => {
        const box = (selector: string) => {
          const rect = document.querySelector(selector)!.getBoundingClientRect();
          return { selector, left: rect.left, width: rect.width };
        };
        return {
          overflowing: document.documentElement.scrollHeight > window.innerHeight,
          boxes: [box('body > header'), box('main'), box('main h1')],
        };
      });
    // A page with little in it is made taller than the window, as a longer one of its kind would be.
    await page.evaluate(() => {
      if (document.documentElement.scrollHeight > window.innerHeight) return;
      const filler = document.createElement('div');
      filler.style.height = `${2 * window.innerHeight}px`;
      document.body.append(filler);
    });
    const whole = await place();
    expect(whole.overflowing, 'the whole page is taller than the window').toBe(true);
    // The page as first painted on a slow connection: everything after the first heading not there yet.
    await page.evaluate(() => {
      const heading = document.querySelector('main h1')!;
      for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
        const after = element.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_PRECEDING;
        if (after && !heading.contains(element)) element.style.display = 'none';
      }
    });
    const first = await place();
    expect(first.overflowing, 'the cut page fits in the window').toBe(false);
    expect(first.boxes).toEqual(whole.boxes);
  });
}
