import type { LadderTeam } from '#lib/schemas/team-view.ts';
import type { Match } from '#lib/schemas/match.ts';
import type { SeriesStatistics } from '#lib/schemas/statistics.ts';
import { getDb } from '#lib/server/app.ts';
import { listLadder } from '#lib/server/services/read/series-teams.ts';
import { listSeriesMatches } from '#lib/server/services/read/matches.ts';
import { getSeriesStatistics } from '#lib/server/services/read/statistics.ts';
import type { PageMeta } from '#lib/schemas/page-meta.ts';
import { HOME_TOP, homeCard } from '#lib/previews/cards.ts';
import { previewMeta } from '#lib/server/previews/meta.ts';
import { SITE_NAME } from '#lib/meta.ts';
import { toSeries } from '#lib/server/services/series.ts';
import { settle, type Settled } from './settle.ts';

/** The home page lists as many teams as its link preview shows. */
export const HOME_TOP_TEAMS = HOME_TOP;
export const HOME_LATEST_MATCHES = 10;

export interface HomePage {
  topTeams: Settled<LadderTeam[]>;
  latestMatches: Settled<Match[]>;
  statistics: Settled<SeriesStatistics | null>;
  /** Link previews: the series' figures and leader in words, and the image; undefined: the site's words. */
  meta: PageMeta | undefined;
}

/**
 * The home page's cards for the series in use, each loaded on its own so that one failing card shows its error
 * toast (spec section 8) while the others render. Without any series every card is empty.
 */
export async function loadHomePage(locals: App.Locals): Promise<HomePage> {
  const series = locals.series;
  if (!series) return { topTeams: { ok: [] }, latestMatches: { ok: [] }, statistics: { ok: null }, meta: undefined };
  const db = await getDb();
  const [topTeams, latestMatches, statistics] = await Promise.all([
    settle(async () => {
      const page = await listLadder(db, series, { inactiveOnly: false, limit: HOME_TOP_TEAMS, offset: 0 });
      return page.teams;
    }),
    settle(
      async () => (await listSeriesMatches(db, series, { desc: true, offset: 0, limit: HOME_LATEST_MATCHES })).matches,
    ),
    settle(() => getSeriesStatistics(db, series)),
  ]);
  const meta =
    topTeams.error === undefined && statistics.error === undefined
      ? { ...previewMeta(homeCard(toSeries(series), topTeams.ok, statistics.ok)), title: homeTitle(series.name) }
      : undefined;
  return { topTeams, latestMatches, statistics, meta };
}

/** The home page's og:title: a link to '/' unfurls as the site and the season, not 'Home'. */
export function homeTitle(seriesName: string): string {
  return `${SITE_NAME} · ${seriesName}`;
}
