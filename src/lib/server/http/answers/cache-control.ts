import { createHash } from 'node:crypto';

/** Shared caches and browsers may keep a public answer 10 s and serve it stale for 60 s while revalidating. */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=10, stale-while-revalidate=60';
/**
 * Answers that depend on the caller (signed-in pages carry the CSRF token, user-specific JSON the user's data):
 * nothing may keep them, not even the caller's browser.
 */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';
/**
 * Public pages: a browser revalidates each time, a CDN may keep one briefly and serve it stale while it fetches
 * anew (the server's own page cache makes a change visible within seconds too).
 */
export const PUBLIC_PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=10, stale-while-revalidate=60';

/**
 * `response` with its Cache-Control chosen by who asked: `private, no-store` for a caller with credentials or an
 * answer that sets a cookie, else `public` (PUBLIC_PAGE_CACHE_CONTROL for a page); `Vary: Cookie, Authorization`
 * either way, so a shared cache never hands one caller's answer to another. An answer that already names its
 * Cache-Control keeps it.
 */
export function withCachePolicy(response: Response, options: { credentials: boolean; page: boolean }): Response {
  if (response.headers.has('cache-control')) return response;
  const personal = options.credentials || response.headers.has('set-cookie');
  if (!personal && !options.page) return response;
  const headers = new Headers(response.headers);
  headers.set('cache-control', personal ? PRIVATE_CACHE_CONTROL : PUBLIC_PAGE_CACHE_CONTROL);
  const vary = headers.get('vary');
  if (!/\bcookie\b/i.test(vary ?? ''))
    headers.set('vary', vary ? `${vary}, Cookie, Authorization` : 'Cookie, Authorization');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

export type CacheScope = 'public' | 'private';

/** A strong ETag of a response body: the quoted base64url SHA-1 of its bytes. */
export function etagOf(body: string | Uint8Array): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** True when an If-None-Match header (a list, '*', weak or strong tags) matches `etag`. */
export function etagMatches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((raw) => {
    const tag = raw.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}

function cacheHeaders(etag: string, scope: CacheScope): Record<string, string> {
  return {
    etag,
    'cache-control': scope === 'public' ? PUBLIC_CACHE_CONTROL : PRIVATE_CACHE_CONTROL,
    // The same URL can answer differently for a signed-in caller, so caches must key on the credentials.
    vary: 'Cookie, Authorization',
  };
}

/**
 * A cacheable 200 response of `body` (JSON-serialised unless already bytes) with an ETag and Cache-Control of
 * `scope`; answers 304 without a body when the request's If-None-Match matches.
 */
export function cachedResponse(
  request: Request,
  body: unknown,
  scope: CacheScope,
  options: { contentType?: string; headers?: Record<string, string> } = {},
): Response {
  const payload = body instanceof Uint8Array ? body : JSON.stringify(body);
  return responseWithEtag(request, payload, etagOf(payload), scope, options);
}

/** The response for an already serialised `payload` and its `etag` (304 when If-None-Match matches). */
export function responseWithEtag(
  request: Request,
  payload: string | Uint8Array,
  etag: string,
  scope: CacheScope,
  options: { contentType?: string; headers?: Record<string, string> } = {},
): Response {
  const headers = cacheHeaders(etag, scope);
  if (etagMatches(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers });
  return new Response(payload as BodyInit, {
    status: 200,
    headers: {
      'content-type': options.contentType ?? 'application/json; charset=utf-8',
      ...headers,
      ...options.headers,
    },
  });
}

/** A JSON answer with caching: `scope` public unless the answer depends on the caller. */
export function cachedJson(
  request: Request,
  body: unknown,
  scope: CacheScope = 'public',
  headers: Record<string, string> = {},
): Response {
  return cachedResponse(request, body, scope, { headers });
}
