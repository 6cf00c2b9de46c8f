/**
 * An internal link that carries the current query string along (the spec's shell rule), so that the chosen
 * series follows the visitor. Parameters already in `path` win over the carried ones. External URLs are
 * returned unchanged.
 */
export function internalHref(path: string, current: URL | URLSearchParams): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(path) || path.startsWith('//')) return path;
  const carried = current instanceof URL ? current.searchParams : current;
  const [base = '', hash] = path.split('#', 2);
  const [pathname = '', query = ''] = base.split('?', 2);
  const params = new URLSearchParams(carried);
  for (const [key] of new URLSearchParams(query)) params.delete(key);
  for (const [key, value] of new URLSearchParams(query)) params.append(key, value);
  const search = params.toString();
  return `${pathname}${search ? `?${search}` : ''}${hash ? `#${hash}` : ''}`;
}

/** True when `target` is a same-origin path that is safe to redirect to (no scheme, no protocol-relative '//'). */
export function isSameOriginPath(target: string): boolean {
  return target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\');
}
