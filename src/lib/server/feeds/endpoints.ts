import type { APIContext } from 'astro';
import { getDb } from '#lib/server/app.ts';
import { getConfig } from '#lib/server/config.ts';
import { notFound } from '#lib/server/core/errors.ts';
import { messages } from '#lib/server/core/messages.ts';
import { cachedResponse } from '#lib/server/http/answers/cache-control.ts';
import { getDefaultSeries, requireSeries } from '#lib/server/services/series.ts';
import { readQuery } from '#lib/server/http/answers/request.ts';
import { feedQuerySchema } from '#lib/schemas/feed.ts';
import { matchesAtom } from './atom.ts';
import { robotsTxt, sitemapXml } from './sitemap.ts';

const text = (body: string) => new TextEncoder().encode(body);

/** GET /feeds/matches.atom?series=S3: the series' latest posted matches (no series: the current one; unknown: 404). */
export async function matchesFeed({ url, request }: Pick<APIContext, 'url' | 'request'>): Promise<Response> {
  const query = readQuery(url, feedQuerySchema);
  const db = await getDb();
  const series = query.series ? await requireSeries(db, query.series) : await getDefaultSeries(db);
  if (!series) throw notFound(messages.seriesNotFound(query.series ?? ''));
  const body = await matchesAtom(db, getConfig().publicUrl, series);
  return cachedResponse(request, text(body), 'public', { contentType: 'application/atom+xml; charset=utf-8' });
}

/** GET /sitemap.xml: the public pages of the current series. */
export async function sitemap({ request }: Pick<APIContext, 'request'>): Promise<Response> {
  const db = await getDb();
  const body = await sitemapXml(db, getConfig().publicUrl, await getDefaultSeries(db));
  return cachedResponse(request, text(body), 'public', { contentType: 'application/xml; charset=utf-8' });
}

/** GET /robots.txt. */
export function robots({ request }: Pick<APIContext, 'request'>): Response {
  return cachedResponse(request, text(robotsTxt(getConfig().publicUrl)), 'public', {
    contentType: 'text/plain; charset=utf-8',
  });
}
