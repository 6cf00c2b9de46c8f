import type { DB } from '#lib/server/db/index.ts';
import type { SeriesRow } from '#lib/server/db/tables/series.ts';
import type { Match } from '#lib/schemas/match.ts';
import { listSeriesMatches } from '#lib/server/services/read/matches.ts';
import { canonicalUrl, feedPath, SITE_NAME } from '#lib/meta.ts';
import { paths } from '#lib/links.ts';
import { escapeXml } from '#lib/format/markup.ts';
import { formatDate, formatScore, matchTypeLabel } from '#lib/format/index.ts';
import { conservativeScore } from '#lib/domain/rating/ranking.ts';
import { outcomeVerb } from '#lib/domain/results.ts';

/** The feed's length: the latest posted matches. */
export const FEED_MATCHES = 50;

const score = (mu: number | null, sigma: number | null) =>
  mu === null || sigma === null ? null : conservativeScore({ mu, sigma });

/** A match in words: who beat whom, how, where and when, and the winner's and loser's score changes. */
export function matchSummary(match: Match): string {
  const [winner, loser] = match.team_details;
  const changes = [winner, loser].flatMap((team) => {
    const r = team.rating;
    const after = r ? score(r.mu_after, r.sigma_after) : null;
    return r && after !== null
      ? [`${team.tag} score ${formatScore(score(r.mu_before, r.sigma_before))} → ${formatScore(after)}`]
      : [];
  });
  return [
    `${winner.tag} ${outcomeVerb(match.result)} ${loser.tag} ${match.result} on ${match.map}`,
    formatDate(match.date),
    matchTypeLabel(match.type),
    ...(match.victor_side ? [`${match.victor_side} victory`] : []),
    ...changes,
  ].join(' · ');
}

const tag = (name: string, content: string, attributes = '') => `<${name}${attributes}>${escapeXml(content)}</${name}>`;

/**
 * The Atom feed (RFC 4287) of `series`' latest FEED_MATCHES posted public matches, newest first: the feed's id is
 * its own address, `updated` the newest match's date (the series' creation while it has none); each entry has
 * the match page's address as id and link, its title, date and summary.
 */
export async function matchesAtom(db: DB, origin: string, series: SeriesRow): Promise<string> {
  const { matches } = await listSeriesMatches(db, series, {
    desc: true,
    offset: 0,
    limit: FEED_MATCHES,
    status: ['posted'],
  });
  const self = `${origin}${feedPath(series.tag)}`;
  const updated = matches[0]?.date ?? series.created_at.toISOString();
  const entries = matches.map((match) => {
    const url = canonicalUrl(origin, paths.match(match.match_id), series.tag);
    const title = match.title ?? `${match.teams[0]} vs ${match.teams[1]} ${match.result}`;
    return [
      '<entry>',
      tag('id', url),
      tag('title', title),
      tag('updated', match.date),
      `<link rel="alternate" type="text/html" href="${escapeXml(url)}"/>`,
      tag('summary', matchSummary(match)),
      '</entry>',
    ].join('');
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    tag('id', self),
    tag('title', `${SITE_NAME}: latest matches of ${series.name}`),
    tag('updated', updated),
    `<link rel="self" type="application/atom+xml" href="${escapeXml(self)}"/>`,
    `<link rel="alternate" type="text/html" href="${escapeXml(canonicalUrl(origin, paths.matches(), series.tag))}"/>`,
    `<author>${tag('name', SITE_NAME)}</author>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}
