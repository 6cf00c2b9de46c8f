/** Names and addresses the meta tags, feeds and sitemap share (pure). */

export const SITE_NAME = 'Hell Let Loose Skill System';
/** The browser's bar colour: the dark theme's background (tokens.css --color-bg). */
export const THEME_COLOR = '#16191d';

/** A path segment as the site's links spell it (paths in src/lib/links.ts: encodeURIComponent), however it came. */
function canonicalSegment(segment: string): string {
  try {
    return encodeURIComponent(decodeURIComponent(segment));
  } catch {
    // A malformed escape is no page of the site (answered 400): kept as it came.
    return segment;
  }
}

/**
 * The one address of a page, as the sitemap, <link rel=canonical>, og:url and the feed all spell it: the public
 * origin, its path with each segment spelled as the site's links spell it (`/teams/%5BGL219%5D`, whether it came
 * as that or as `[GL219]`), the series it shows and, for page N > 0 of a list, `page` (each page of a list is its
 * own address); no other parameters.
 */
export function canonicalUrl(
  origin: string,
  pathname: string,
  series: string | undefined,
  page?: string | null,
): string {
  const path = pathname.split('/').map(canonicalSegment).join('/');
  const params = new URLSearchParams();
  if (series) params.set('series', series);
  if (page && /^[1-9]\d{0,6}$/.test(page)) params.set('page', page);
  const query = params.toString();
  return `${origin}${path}${query ? `?${query}` : ''}`;
}

/** The Atom feed of a series' latest posted matches. */
export function feedPath(series: string): string {
  return `/feeds/matches.atom?series=${encodeURIComponent(series)}`;
}
