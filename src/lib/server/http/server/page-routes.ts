import type { SeriesRow } from '#lib/server/db/tables/series.ts';

/** True for the JSON API's addresses (/v2/..., /v3/...). */
export function isApiPath(pathname: string): boolean {
  return pathname.startsWith('/v2/') || pathname.startsWith('/v3/');
}

/** True for requests that are API calls or static assets rather than pages of the site. */
export function isApiOrAsset(pathname: string): boolean {
  return (
    isApiPath(pathname) ||
    pathname.startsWith('/_astro/') ||
    pathname.startsWith('/_image') ||
    /\.[a-z0-9]{2,5}$/i.test(pathname)
  );
}

/** The series a page shows, and the address to redirect to when the URL does not name it exactly. */
export interface SeriesChoice {
  selected: SeriesRow | undefined;
  /** Set when the `series` parameter is missing, empty, unknown or not in its canonical spelling. */
  redirectTo?: URL;
}

/**
 * Resolves the `series` parameter of a page URL (spec section 4 "Current series"): a known tag (any case) selects
 * that series; a missing, empty or unknown one selects the current series (else the newest). Every page URL ends
 * up naming its series exactly, so the page's links and its cache entry have one shape.
 */
export function chooseSeries(url: URL, all: readonly SeriesRow[]): SeriesChoice {
  const fallback = all.find((s) => s.is_current) ?? all[0];
  const wanted = url.searchParams.get('series')?.trim() ?? '';
  const named = wanted ? all.find((s) => s.tag.toLowerCase() === wanted.toLowerCase()) : undefined;
  const selected = named ?? fallback;
  if (!selected || url.searchParams.get('series') === selected.tag) return { selected };
  const target = new URL(url);
  target.searchParams.set('series', selected.tag);
  return { selected, redirectTo: target };
}
