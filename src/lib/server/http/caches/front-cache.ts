import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { chooseEncoding } from '#lib/server/http/server/compression.ts';
import { memoizedEncoding, type MemoizedBody } from './encoding-memo.ts';
import { etagMatches, PUBLIC_CACHE_CONTROL } from '#lib/server/http/answers/cache-control.ts';
import { frontCacheDb, frontCachedPage, pageRenderingAtFront, type CachedPage } from './page-cache.ts';
import { freshPublicRead, type CachedAnswer } from './read-cache.ts';
import { isApiOrAsset, isApiPath } from '#lib/server/http/server/page-routes.ts';
import { NON_HTML_CSP } from '#lib/server/http/server/security-headers.ts';

/*
 * Cached pages answered by the site server before the Astro handler runs: a hit then costs what a static file costs
 * (no adapter, no middleware chain, no Response objects). The headers of each cached page, with its security
 * headers and policy, are put together once, and each encoding of its body is made once (quickly, then at its best
 * when the page lasts: encoding-memo.ts).
 */

interface Prepared extends MemoizedBody {
  status: number;
  headers: OutgoingHttpHeaders;
  /** The headers of a 304: the page's, without its body's type. */
  notModified: OutgoingHttpHeaders;
  etag: string;
  compressible: boolean;
  /** Whether the page is still the one answered for its address (encoding-memo.ts). */
  stillKept: () => boolean;
}

const prepared = new WeakMap<CachedPage, Prepared>();

/** The cached page or public read answered for `key` now, if any. */
function keptAt(key: string, api: boolean): CachedPage | undefined {
  return api ? readAtFront(key) : frontCachedPage(key);
}

/** The prepared answer of `page`, answered for `key` (a read of the API when `api`), made on first use. */
function preparedOf(
  page: CachedPage,
  key: string,
  api: boolean,
  base: Record<string, string>,
  htmlPolicy: string,
): Prepared {
  const made = prepared.get(page);
  if (made) return made;
  const headers: OutgoingHttpHeaders = { ...base };
  for (const [name, value] of page.headers) headers[name.toLowerCase()] = value;
  const type = String(headers['content-type'] ?? '');
  if (/^text\/html/i.test(type)) {
    if (!/charset=/i.test(type)) headers['content-type'] = `${type}; charset=utf-8`;
    headers['content-security-policy'] = htmlPolicy;
  } else headers['content-security-policy'] ??= NON_HTML_CSP;
  if (!api) headers['x-page-cache'] = 'hit';
  const identity = Buffer.from(page.body);
  // As compression.ts decides for these streamed bodies (no length known): every text body is compressed.
  const compressible = identity.length > 0 && headers['content-type'] !== undefined;
  if (compressible) {
    const vary = String(headers['vary'] ?? '');
    if (!/\baccept-encoding\b/i.test(vary)) headers['vary'] = vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding';
  }
  const { 'content-type': _type, ...notModified } = headers;
  const stillKept = () => keptAt(key, api) === page;
  const entry = {
    status: page.status,
    headers,
    notModified,
    etag: page.etag,
    identity,
    compressible,
    encoded: {},
    stillKept,
  };
  prepared.set(page, entry);
  return entry;
}

const readPages = new WeakMap<CachedAnswer, CachedPage>();

/**
 * The fresh public API answer for `key` (read-cache.ts), as the read endpoints would send it (cache.ts
 * responseWithEtag): the same for every caller without credentials, since only such answers are kept there.
 */
function readAtFront(key: string): CachedPage | undefined {
  const db = frontCacheDb();
  const answer = db && freshPublicRead(db, key);
  if (!answer) return undefined;
  let page = readPages.get(answer);
  if (!page) {
    const headers: [string, string][] = [
      ['content-type', 'application/json; charset=utf-8'],
      ['etag', answer.etag],
      ['cache-control', PUBLIC_CACHE_CONTROL],
      ['vary', 'Cookie, Authorization'],
      ...Object.entries(answer.headers),
    ];
    readPages.set(answer, (page = { status: 200, body: answer.payload, headers, etag: answer.etag }));
  }
  return page;
}

/**
 * The cache key of a raw request target, as the middleware sees it (Astro's normalised URL: the path decoded then
 * re-encoded, duplicate slashes collapsed, so `/teams/%5BA%5D` is `/teams/[A]`); the plain case costs no parsing.
 */
export function frontCacheKey(target: string): string {
  if (!target.includes('%') && !target.includes('//')) return target;
  // Joined, not resolved: `//x` is a path here, never a host.
  const url = new URL(`http://door${target}`);
  try {
    url.pathname = decodeURI(url.pathname);
  } catch {
    // Astro keeps a path it cannot decode as it is.
  }
  url.pathname = url.pathname.replace(/\/{2,}/g, '/');
  return url.pathname + url.search;
}

/** Writes a cached page (or read) to `res`: 304 when `req` names its ETag, else compressed as the client accepts. */
function writePage(req: IncomingMessage, res: ServerResponse, entry: Prepared): void {
  if (entry.status === 200 && etagMatches(req.headers['if-none-match'] ?? null, entry.etag)) {
    res.writeHead(304, entry.notModified).end();
    return;
  }
  const encoding = entry.compressible ? chooseEncoding(req.headers['accept-encoding']) : undefined;
  const body = encoding ? memoizedEncoding(entry, encoding, entry.stillKept) : entry.identity;
  const headers = encoding ? { ...entry.headers, 'content-encoding': encoding } : entry.headers;
  res.writeHead(entry.status, { ...headers, 'content-length': body.length }).end(body);
}

/**
 * Answers `req` from the rendered-page cache when it is a GET of a page, carries no cookie or credential, and the
 * page is cached and fresh (page-cache.ts), or from the read cache when it is such a GET of a kept public API
 * answer: with the page's headers plus `base` (the security headers) and `htmlPolicy`, compressed as the client
 * accepts, or 304 when it names the page's ETag. A page being rendered is waited for and answered the same way (the
 * page cache's waiters got the same answer through Astro, re-encoding it per request), or, when that render is not
 * kept, handed to `proceed`. Returns whether it took the request.
 */
export function answerFromFrontCache(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  base: Record<string, string>,
  htmlPolicy: string,
  proceed: () => void,
): boolean {
  if (req.method !== 'GET' || req.headers.cookie !== undefined || req.headers.authorization !== undefined) return false;
  const api = isApiPath(pathname);
  if (!api && isApiOrAsset(pathname)) return false;
  const key = frontCacheKey(req.url ?? '/');
  const page = keptAt(key, api);
  if (page) {
    writePage(req, res, preparedOf(page, key, api, base, htmlPolicy));
    return true;
  }
  const rendering = api ? undefined : pageRenderingAtFront(key);
  if (!rendering) return false;
  void rendering.then((rendered) => {
    if (rendered) writePage(req, res, preparedOf(rendered, key, false, base, htmlPolicy));
    else proceed();
  });
  return true;
}
