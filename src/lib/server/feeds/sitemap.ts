import type { DB } from '#lib/server/db/index.ts';
import type { SeriesRow } from '#lib/server/db/tables/series.ts';
import { listSitemapKeys } from '#lib/server/repositories/read/sitemap.ts';
import { canonicalUrl } from '#lib/meta.ts';
import { paths } from '#lib/links.ts';
import { escapeXml } from '#lib/format/markup.ts';

/** The sitemap protocol's limit of addresses in one file. */
export const SITEMAP_MAX_URLS = 50_000;

/** The pages every series has, listed first. */
const FIXED = [
  paths.home(),
  paths.teams(),
  paths.statistics(),
  paths.matches(),
  paths.players(),
  paths.winrates(),
  paths.ratings(),
  paths.tournaments(),
  paths.privacy(),
  paths.apiDocs(),
];

/**
 * sitemap.xml: the fixed pages, then every team, tournament, public match (newest first) and public player page of
 * `series` (none: the fixed pages only), each naming the series; at most SITEMAP_MAX_URLS addresses, the rest of
 * the players and oldest matches left out when a series has more.
 */
export async function sitemapXml(db: DB, origin: string, series: SeriesRow | undefined): Promise<string> {
  const entries: { loc: string; lastmod?: string }[] = FIXED.map((path) => ({ loc: path }));
  if (series) {
    const keys = await listSitemapKeys(db, series.id, SITEMAP_MAX_URLS);
    entries.push(
      ...keys.teams.map((tag) => ({ loc: paths.team(tag) })),
      ...keys.tournaments.map((tag) => ({ loc: paths.tournament(tag) })),
      ...keys.matches.map((m) => ({ loc: paths.match(m.id), lastmod: m.date.toISOString() })),
      ...keys.players.map((id) => ({ loc: paths.player(id) })),
    );
  }
  const urls = entries
    .slice(0, SITEMAP_MAX_URLS)
    .map(({ loc, lastmod }) => {
      const url = escapeXml(canonicalUrl(origin, loc, series?.tag));
      return `<url><loc>${url}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
    })
    .join('\n');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`
  );
}

/** Pages that need a signed-in person (or answer only to one): robots are asked to keep out. */
const SIGNED_IN_ONLY = [
  paths.myProfile(),
  paths.logBrowser(),
  paths.reportMatch(),
  paths.addTournament(),
  paths.addTeam(),
  paths.requestTeam(),
  '/teams/*/edit',
  '/statistics/tournaments/*/edit',
  '/demo-login',
  '/admin/',
];

/** robots.txt: everything public may be crawled (link unfurlers included); signed-in pages not; the sitemap. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...SIGNED_IN_ONLY.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
