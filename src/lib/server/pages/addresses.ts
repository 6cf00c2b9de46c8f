import type { DB } from '#lib/server/db/index.ts';
import { idOf } from '#lib/schemas/id.ts';
import { paths } from '#lib/links.ts';
import { findMatchSeriesTag } from '#lib/server/repositories/read/addresses.ts';

/** The routes that name a match by its id: its page and the old address redirected to it. */
export const MATCH_ROUTES: ReadonlySet<string> = new Set(['/statistics/matches/[matchId]', '/matches/[matchId]']);

/**
 * Where a match address must go so that it shows the match: its page naming the match's own series (spec section 2's
 * /statistics/matches/{matchId}, with the query kept). A match id is global, so a link shared last season, or one
 * with no series, still lands on the match. Undefined when the address is already that page, or names no match
 * (the page's 'no match' state answers).
 */
export async function matchAddress(db: DB, url: URL, matchId: string | undefined): Promise<string | undefined> {
  const id = idOf(matchId);
  if (id === undefined) return undefined;
  const series = await findMatchSeriesTag(db, id);
  if (series === undefined) return undefined;
  const path = paths.match(id);
  if (url.pathname === path && url.searchParams.get('series') === series) return undefined;
  const params = new URLSearchParams(url.search);
  params.set('series', series);
  return `${path}?${params.toString()}`;
}
