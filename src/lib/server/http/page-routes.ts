/** True for requests that are API calls or static assets rather than pages of the site. */
export function isApiOrAsset(pathname: string): boolean {
  return (
    pathname.startsWith('/v2/') ||
    pathname.startsWith('/v3/') ||
    pathname.startsWith('/_astro/') ||
    pathname.startsWith('/_image') ||
    /\.[a-z0-9]{2,5}$/i.test(pathname)
  );
}

/**
 * The URL a page request must be redirected to so that it carries `series=<current>`, or undefined when the
 * `series` parameter is already present and non-empty.
 */
export function seriesRedirect(url: URL, currentTag: string | undefined): URL | undefined {
  if (!currentTag) return undefined;
  const value = url.searchParams.get('series');
  if (value !== null && value.trim() !== '') return undefined;
  const target = new URL(url);
  target.searchParams.set('series', currentTag);
  return target;
}
