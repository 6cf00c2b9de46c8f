import type { DB } from '#lib/server/db/index.ts';
import { getConfig } from '#lib/server/config.ts';
import { announceDataChange, onDataChange } from '#lib/server/db/changes.ts';
import { etagOf } from './cache.ts';

/** A public answer, serialised once: what every request for the same URL gets until the data changes. */
export interface CachedAnswer {
  payload: string;
  etag: string;
  headers: Record<string, string>;
}

interface Entry {
  answer: CachedAnswer;
  generation: number;
  expiresAt: number;
}

interface CacheState {
  /** Bumped by every change of data in this process; entries of an older generation are stale. */
  generation: number;
  entries: Map<string, Entry>;
  /** Computations in flight, so that concurrent misses of one key share one query. */
  pending: Map<string, Promise<CachedAnswer>>;
}

/** Bounds memory: the oldest entries go first once the cache holds this many answers. */
const MAX_ENTRIES = 2_000;

// Keyed by database handle so that test servers of different engines in one process never share answers.
// On globalThis, like the page cache (page-cache.ts): the site server answers fresh public reads before the built
// Astro handler runs (page-door.ts), and each loads its own copy of this module.
const shared = globalThis as typeof globalThis & { __hssReadCache?: WeakMap<DB, CacheState> };
const states = (shared.__hssReadCache ??= new WeakMap<DB, CacheState>());

function stateOf(db: DB): CacheState {
  let state = states.get(db);
  if (!state) {
    const created: CacheState = { generation: 0, entries: new Map(), pending: new Map() };
    states.set(db, (state = created));
    onDataChange(db, () => {
      created.generation += 1;
      created.entries.clear();
    });
  }
  return state;
}

/**
 * Drops every cached public answer of `db`, in this instance and (on PostgreSQL) every other instance serving the
 * same database (db/changes.ts). Called after each change this process commits: a state-changing request that
 * succeeded (middleware) and each rating pass (rating worker). Writes by the CLI show within READ_CACHE_SECONDS,
 * the same staleness that public answers declare to shared caches.
 */
export function invalidatePublicReads(db: DB): void {
  announceDataChange(db);
}

/**
 * The public answer for `key` (the request URL): from the cache while it is fresh, else computed once by
 * `produce` (concurrent callers share the computation) and kept for READ_CACHE_SECONDS unless data changes
 * first. Only answers that are the same for every caller may come through here. Errors are never kept.
 */
export async function cachedPublicRead(
  db: DB,
  key: string,
  produce: () => Promise<{ body: unknown; headers?: Record<string, string> }>,
): Promise<CachedAnswer> {
  const ttlMs = getConfig().readCacheSeconds * 1000;
  const state = stateOf(db);
  const now = Date.now();
  const hit = state.entries.get(key);
  if (hit && hit.generation === state.generation && hit.expiresAt > now) return hit.answer;
  const inFlight = state.pending.get(key);
  if (inFlight) return inFlight;
  const generation = state.generation;
  const computation = (async () => {
    const { body, headers = {} } = await produce();
    const payload = JSON.stringify(body);
    const answer = { payload, etag: etagOf(payload), headers };
    // A change committed while computing may not be in this answer: serve it to the waiting callers only.
    if (ttlMs > 0 && generation === state.generation) {
      if (state.entries.size >= MAX_ENTRIES) state.entries.delete(state.entries.keys().next().value as string);
      state.entries.set(key, { answer, generation, expiresAt: Date.now() + ttlMs });
    }
    return answer;
  })().finally(() => state.pending.delete(key));
  state.pending.set(key, computation);
  return computation;
}

/** The fresh public answer kept for `key` (the URL's path and query) in `db`'s read cache, if any. */
export function freshPublicRead(db: DB, key: string): CachedAnswer | undefined {
  const state = states.get(db);
  const hit = state?.entries.get(key);
  return hit && hit.generation === state!.generation && hit.expiresAt > Date.now() ? hit.answer : undefined;
}
