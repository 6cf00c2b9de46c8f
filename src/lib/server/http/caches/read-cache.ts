import type { DB } from '#lib/server/db/index.ts';
import { getConfig } from '#lib/server/config.ts';
import { ChangeCache } from './change-cache.ts';
import { etagOf } from '#lib/server/http/answers/cache-control.ts';

/** A public answer, serialised once: what every request for the same URL gets until the data changes. */
export interface CachedAnswer {
  payload: string;
  etag: string;
  headers: Record<string, string>;
}

// Keyed by database handle so that test servers of different engines in one process never share answers.
const reads = new ChangeCache<CachedAnswer>('reads', {
  maxEntries: 2_000,
  ttlMs: () => getConfig().readCacheSeconds * 1000,
});

/**
 * The public answer for `key` (the request URL): kept while fresh, else computed once by `produce` (concurrent
 * callers share the computation) and kept for READ_CACHE_SECONDS unless data changes first. With `stale` (callers
 * who carry no credentials, so cannot have made a change themselves), an answer computed less than half a second
 * ago is still given after a change, and one computed less than a second ago while its next computation runs
 * (http/caches/change-cache.ts). Only answers that are the same for every caller may come through here. Errors are never
 * kept.
 */
export function cachedPublicRead(
  db: DB,
  key: string,
  produce: () => Promise<{ body: unknown; headers?: Record<string, string> }>,
  stale = false,
): Promise<CachedAnswer> {
  return reads.get(db, key, stale, async () => {
    const { body, headers = {} } = await produce();
    const payload = JSON.stringify(body);
    return { payload, etag: etagOf(payload), headers };
  });
}

/**
 * The public answer kept for `key` (the URL's path and query) in `db`'s read cache that a caller without credentials
 * may be given now (fresh, or up to a second behind: change-cache.ts), if any.
 */
export function freshPublicRead(db: DB, key: string): CachedAnswer | undefined {
  return reads.peek(db, key, true);
}
