import { enhancer } from '#lib/client/enhance/enhancer.ts';
import { sideNavCookie } from '#lib/kit/statistics-nav.ts';

/**
 * The statistics side navigation's island (layouts/Statistics.astro renders its `<details>` of links, which opens
 * and collapses without JavaScript): engaged, it remembers the state in a cookie, so the next page is rendered
 * the same way by the server. The engaging click toggles the `<details>` before the island runs, so the state is
 * also written once when it starts.
 */
export default enhancer((root) => {
  const details = root.querySelector('details');
  if (!details) return;
  const remember = () => {
    document.cookie = sideNavCookie(!details.open, window.location.protocol === 'https:');
  };
  details.addEventListener('toggle', remember);
  remember();
});
