import { enhancer } from '#lib/client/enhance/enhancer.ts';
import { disclosureMenu } from '#lib/client/disclosure-menu.ts';
import { withSeries } from '#lib/client/menu-keys.ts';

/**
 * The series dropdown's island (components/SeriesMenu.astro renders its `<details>` of links, which works without
 * JavaScript): engaged, it adds the menu keys and closing on an outside press, and a chosen link follows the page's
 * live address (it may have changed since it was rendered: a dismissed notice) with that series.
 */
export default enhancer((root) => {
  const details = root.querySelector('details');
  if (!details) return;
  disclosureMenu(details);
  details.addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[data-series]') : null;
    if (link?.dataset['series']) link.href = withSeries(new URL(window.location.href), link.dataset['series']);
  });
});
