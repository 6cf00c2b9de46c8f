import { defineMiddleware } from 'astro:middleware';
import { getDb } from '#lib/server/app.ts';
import { isApiOrAsset } from '#lib/server/http/server/page-routes.ts';
import {
  cachedPage,
  isCacheablePageRequest,
  openFrontCache,
  pageBeingRendered,
  startRendering,
  type CachedPage,
} from '#lib/server/http/caches/page-cache.ts';
import { etagMatches, etagOf } from '#lib/server/http/answers/cache-control.ts';

const CACHE_STATUS = 'x-page-cache';

function answer(request: Request, page: CachedPage, status: 'hit' | 'miss'): Response {
  const headers: [string, string][] = [...page.headers, [CACHE_STATUS, status]];
  if (page.status === 200 && etagMatches(request.headers.get('if-none-match'), page.etag))
    return new Response(null, { status: 304, headers });
  return new Response(page.body || null, { status: page.status, headers });
}

/** A page worth keeping for every visitor: a 200 HTML page, or the series redirect (302 with a Location). */
function keepable(response: Response): boolean {
  if (response.status === 302) return response.headers.has('location');
  return response.status === 200 && /^text\/html/i.test(response.headers.get('content-type') ?? '');
}

/**
 * Pages for visitors without cookies or credentials: answered from the rendered-page cache when it has one to answer
 * (no session lookup, no queries; http/caches/page-cache.ts), else rendered and kept when the answer is a 200 HTML page or
 * the series redirect and sets no cookie; visitors asking while it renders wait for that one render. Kept pages
 * carry an ETag, and a request naming it answers 304. Under the site server, hits are answered before Astro runs at
 * all (http/caches/front-cache.ts); this step answers them in the development server.
 */
export const pageCache = defineMiddleware(async (context, next) => {
  const { request } = context;
  if (isApiOrAsset(context.url.pathname) || !isCacheablePageRequest(request)) return next();
  const db = await getDb();
  openFrontCache(db);
  const key = context.url.pathname + context.url.search;
  const hit = cachedPage(db, key);
  if (hit) return answer(request, hit, 'hit');
  const rendered = await pageBeingRendered(db, key);
  if (rendered) return answer(request, rendered, 'hit');
  const done = startRendering(db, key);
  let page: CachedPage | undefined;
  try {
    const response = await next();
    const setsCookies = [...context.cookies.headers()].length > 0 || response.headers.has('set-cookie');
    if (setsCookies || !keepable(response)) return response;
    const body = response.status === 200 ? await response.text() : '';
    const etag = etagOf(body);
    const headers: [string, string][] = [...response.headers].filter(([name]) => name !== 'content-length');
    if (response.status === 200) headers.push(['etag', etag]);
    page = { status: response.status, body, headers, etag };
    return answer(request, page, 'miss');
  } finally {
    done(page);
  }
});
