import type { DB } from '#lib/server/db/index.ts';
import { getConfig } from '#lib/server/config.ts';
import { openedProcessApp, type App } from '#lib/server/app.ts';
import { ChangeCache } from './change-cache.ts';

/*
 * Rendered pages for visitors who carry nothing of their own (no cookie, no credentials): a link posted in Discord
 * after a match is opened by many such visitors at once, and each would otherwise render the same page from the
 * database. Kept for READ_CACHE_SECONDS and until data changes (db/changes.ts), except that while a write burst goes
 * on a page rendered less than half a second ago is still answered, and one rendered less than a second ago while its
 * next render runs (http/caches/change-cache.ts).
 */

/** A rendered page or series redirect: the same answer for every visitor without cookies. */
export interface CachedPage {
  status: number;
  body: string;
  headers: [string, string][];
  /** A strong validator of the body (quoted), so that a reload can answer 304. */
  etag: string;
}

const pages = new ChangeCache<CachedPage>('pages', {
  maxEntries: 500,
  ttlMs: () => getConfig().readCacheSeconds * 1000,
});

// The database the built pages last used, with the app it came from, so that a closed database's pages are never
// answered.
let front: { db: DB; app: App | undefined } | undefined;

/** Whether a page request may be answered from (and fill) the cache: a plain GET carrying no cookie or credential. */
export function isCacheablePageRequest(request: Request): boolean {
  return (
    request.method === 'GET' &&
    getConfig().readCacheSeconds > 0 &&
    !request.headers.has('cookie') &&
    !request.headers.has('authorization')
  );
}

/**
 * The cached page for `key` (the URL's path and query) that may be answered now: fresh; rendered less than half a
 * second ago from data changed since; or, while its new render is under way, one expired with unchanged data or
 * rendered less than a second ago (change-cache.ts).
 */
export function cachedPage(db: DB, key: string): CachedPage | undefined {
  return pages.peek(db, key, true);
}

/**
 * The render of `key` under way from the current data, if any: it settles with the page, or undefined when it was
 * not keepable (the waiter then renders its own).
 */
export async function pageBeingRendered(db: DB, key: string): Promise<CachedPage | undefined> {
  const settled = await pages.joinable(db, key);
  return settled?.ok ? settled.value : undefined;
}

/**
 * Marks `key` as being rendered from the current data; the returned function ends it with the page (kept, and given
 * to those who waited) or undefined (not keepable). Call it exactly once, also when rendering fails.
 */
export function startRendering(db: DB, key: string): (page: CachedPage | undefined) => void {
  const end = pages.begin(db, key);
  return (page) => end({ ok: true, value: page });
}

/** Records `db` as the database whose cached pages and reads the site server may answer before the handler runs. */
export function openFrontCache(db: DB): void {
  if (front?.db !== db) front = { db, app: openedProcessApp() };
}

/**
 * The database the built pages use, for the site server to answer from its caches: undefined before the first page
 * or public read, and once that database has been closed or replaced.
 */
export function frontCacheDb(): DB | undefined {
  return front && front.app === openedProcessApp() ? front.db : undefined;
}

/** The cached page for `key` of the database the built pages use (cachedPage), if any. */
export function frontCachedPage(key: string): CachedPage | undefined {
  const db = frontCacheDb();
  return db && cachedPage(db, key);
}

/**
 * The render of `key` under way at the front cache's database from the current data, if any (pageBeingRendered): a burst
 * of visitors arriving while a page renders waits for it at the site server and is answered from there too.
 */
export function pageRenderingAtFront(key: string): Promise<CachedPage | undefined> | undefined {
  const db = frontCacheDb();
  const flight = db && pages.joinable(db, key);
  return flight?.then((settled) => (settled.ok ? settled.value : undefined));
}
