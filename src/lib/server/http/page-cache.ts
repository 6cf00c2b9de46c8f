import type { DB } from '#lib/server/db/index.ts';
import { getConfig } from '#lib/server/config.ts';
import { onDataChange } from '#lib/server/db/changes.ts';

/*
 * Rendered pages for visitors who carry nothing of their own (no cookie, no credentials): a link posted in Discord
 * after a match is opened by many such visitors at once, and each would otherwise render the same page from the
 * database. Kept for READ_CACHE_SECONDS, dropped with the read cache whenever data changes (db/changes.ts).
 */

/** A rendered page or series redirect: the same answer for every visitor without cookies. */
export interface CachedPage {
  status: number;
  body: string;
  headers: [string, string][];
  /** A strong validator of the body (quoted), so that a reload can answer 304. */
  etag: string;
}

interface Entry {
  page: CachedPage;
  generation: number;
  expiresAt: number;
}

interface PageCacheState {
  generation: number;
  entries: Map<string, Entry>;
  /** Renders under way, by key: a burst of visitors waits for one render instead of starting fifty. */
  rendering: Map<string, Promise<CachedPage | undefined>>;
}

const MAX_PAGES = 500;

// On globalThis, like the data-change feed (db/changes.ts): the site server (scripts) answers hits before the built
// Astro handler runs (page-door.ts), and each loads its own copy of this module. `door` is the database the built
// pages last used, with the handle it came from, so that a closed database's pages are never answered.
const shared = globalThis as typeof globalThis & {
  __hssPageCache?: { states: WeakMap<DB, PageCacheState>; door?: { db: DB; source: unknown } };
  __hssDatabase?: unknown;
};
const registry = (shared.__hssPageCache ??= { states: new WeakMap() });

function stateOf(db: DB): PageCacheState {
  let state = registry.states.get(db);
  if (!state) {
    const created: PageCacheState = { generation: 0, entries: new Map(), rendering: new Map() };
    registry.states.set(db, (state = created));
    onDataChange(db, () => {
      created.generation += 1;
      created.entries.clear();
      created.rendering.clear();
    });
  }
  return state;
}

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
 * The cached page for `key` (the URL's path and query), if any: fresh, or expired while its new render is under way
 * (the data did not change, only time passed: visitors keep getting it instead of waiting).
 */
export function cachedPage(db: DB, key: string): CachedPage | undefined {
  const state = stateOf(db);
  const entry = state.entries.get(key);
  if (!entry) return undefined;
  if (entry.generation !== state.generation) state.entries.delete(key);
  else if (entry.expiresAt > Date.now() || state.rendering.has(key)) return entry.page;
  return undefined;
}

/** The render of `key` under way, if any: it settles with the page, or undefined when it was not keepable. */
export function pageBeingRendered(db: DB, key: string): Promise<CachedPage | undefined> | undefined {
  return stateOf(db).rendering.get(key);
}

/**
 * Marks `key` as being rendered; the returned function ends it with the page (or undefined), settling what
 * pageBeingRendered gave to others. Call it exactly once, also when rendering fails.
 */
export function startRendering(db: DB, key: string): (page: CachedPage | undefined) => void {
  const state = stateOf(db);
  let settle!: (page: CachedPage | undefined) => void;
  const promise = new Promise<CachedPage | undefined>((resolve) => (settle = resolve));
  state.rendering.set(key, promise);
  return (page) => {
    if (state.rendering.get(key) === promise) state.rendering.delete(key);
    settle(page);
  };
}

/**
 * Keeps `page` for `key` unless data changed since `generation` (taken before rendering: a page rendered across a
 * change may show the old data, so it is served once and not kept).
 */
export function keepPage(db: DB, key: string, generation: number, page: CachedPage): void {
  const state = stateOf(db);
  if (generation !== state.generation) return;
  if (state.entries.size >= MAX_PAGES) state.entries.delete(state.entries.keys().next().value as string);
  state.entries.set(key, { page, generation, expiresAt: Date.now() + getConfig().readCacheSeconds * 1000 });
}

/** The current generation of `db`'s page cache, to pass to keepPage after rendering. */
export function pageGeneration(db: DB): number {
  return stateOf(db).generation;
}

/** Records `db` as the database whose cached pages and reads the site server may answer before the handler runs. */
export function openPageDoor(db: DB): void {
  if (registry.door?.db !== db) registry.door = { db, source: shared.__hssDatabase };
}

/**
 * The database the built pages use, for the site server to answer from its caches: undefined before the first page
 * or public read, and once that database has been closed or replaced.
 */
export function doorDb(): DB | undefined {
  const door = registry.door;
  return door && door.source === shared.__hssDatabase ? door.db : undefined;
}

/** The cached page for `key` of the database the built pages use (cachedPage), if any. */
export function pageAtDoor(key: string): CachedPage | undefined {
  const db = doorDb();
  return db && cachedPage(db, key);
}
