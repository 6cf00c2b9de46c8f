/** Names and addresses the meta tags, feeds and sitemap share (pure). */

export const SITE_NAME = 'Hell Let Loose Skill System';
/** The browser's bar colour: the dark theme's background (tokens.css --color-bg). */
export const THEME_COLOR = '#16191d';

/** The one address of a page: the public origin, its path and the series it shows (no other parameters). */
export function canonicalUrl(origin: string, pathname: string, series: string | undefined): string {
  return `${origin}${pathname}${series ? `?series=${encodeURIComponent(series)}` : ''}`;
}

/** The Atom feed of a series' latest posted matches. */
export function feedPath(series: string): string {
  return `/feeds/matches.atom?series=${encodeURIComponent(series)}`;
}
