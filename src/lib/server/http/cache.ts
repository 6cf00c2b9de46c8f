import { createHash } from 'node:crypto';

/** Shared caches and browsers may keep a public answer 10 s and serve it stale for 60 s while revalidating. */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=10, stale-while-revalidate=60';
/** Answers that depend on the caller: only the caller's browser may keep them, and must revalidate. */
export const PRIVATE_CACHE_CONTROL = 'private, no-cache';

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
