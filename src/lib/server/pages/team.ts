import type { Match } from '#lib/schemas/match.ts';
import type { TeamDetail, TeamPlayers } from '#lib/schemas/team.ts';
import type { HeadToHead, TeamChoice, TeamWinRates } from '#lib/schemas/team-view.ts';
import type { SeriesRow } from '#lib/server/db/tables/series.ts';
import { getDb, type DB } from '#lib/server/db/index.ts';
import { actsForTeam } from '#lib/server/auth/actor.ts';
import { notFound } from '#lib/server/http/errors.ts';
import { messages } from '#lib/server/http/messages.ts';
import { requireTeam } from '#lib/server/services/teams.ts';
import { getTeamDetail, listTeamPlayers, listTeams } from '#lib/server/services/read/teams.ts';
import { listPrivateMatches, listSeriesMatches } from '#lib/server/services/read/matches.ts';
import { mapView } from '#lib/server/services/read/values.ts';
import { seriesEnv } from '#lib/server/services/ratings/params.ts';
import { listTeamResults } from '#lib/server/repositories/read/team-results.ts';
import { recordAgainst, teamWinRates, type TeamResult } from '#lib/domain/teams/record.ts';
import { forecastAt, matchQuality } from '#lib/domain/rating/index.ts';
import { pagingToQuery, readPaging, type Paging, type PagingOptions } from '#lib/kit/pager.ts';
import type { PageMeta } from '#lib/schemas/page-meta.ts';
import { teamCard } from '#lib/previews/cards.ts';
import { previewMeta } from '#lib/server/previews/meta.ts';
import { settle, type Settled } from './settle.ts';

/** The team's matches and private matches: 20 a page (spec section 9); players: 25. */
export const TEAM_MATCHES_PAGING: PagingOptions = { defaultPageSize: 20, pageSizes: [20] };
export const TEAM_PLAYERS_PAGING: PagingOptions = {
  defaultPageSize: 25,
  pageSizes: [25],
  pageParam: 'playersPage',
  pageSizeParam: 'playersPageSize',
};
export const TEAM_PRIVATE_PAGING: PagingOptions = {
  defaultPageSize: 20,
  pageSizes: [20],
  pageParam: 'privatePage',
  pageSizeParam: 'privatePageSize',
};

/** Most teams offered as head-to-head opponents (a community has tens). */
const MAX_CHOICES = 500;

export interface MatchPage {
  matches: Match[];
  total: number;
  paging: Paging;
}

export interface TeamPage {
  team: TeamDetail;
  /** The team's current and previous tags, lower case: a match reported under any of them is the team's. */
  ownTags: string[];
  /** Its managers and admins: the edit link and the private matches. */
  canManage: boolean;
  matches: Settled<MatchPage>;
  players: Settled<TeamPlayers & { paging: Paging }>;
  winRates: Settled<TeamWinRates>;
  /** The other teams of the series to pick from, and the chosen one's comparison (null: none chosen). */
  headToHead: { choices: TeamChoice[]; vs: string; result: Settled<HeadToHead> | null };
  /** Null unless the visitor manages the team (or is an admin). */
  privateMatches: Settled<MatchPage> | null;
  /** Link previews: rank, score and record in words, and the preview image. */
  meta: PageMeta;
}

/** /teams/{team} answers either the page or the address of the team's current tag (an old tag was used). */
export type TeamPageResult = { page: TeamPage } | { redirectTo: string };

async function headToHead(
  db: DB,
  series: SeriesRow,
  team: TeamDetail,
  results: Promise<TeamResult[]>,
  vs: string,
): Promise<HeadToHead> {
  const other = await requireTeam(db, vs);
  const { rating_history: _history, ...opponent } = await getTeamDetail(db, series, other.tag);
  const { wins, losses } = recordAgainst(await results, other.id);
  const env = seriesEnv(series);
  return {
    opponent,
    wins,
    losses,
    // Today's forecast: both sigmas grown by the days since each team last played, as before a rated match.
    winProbability: forecastAt(team, opponent, env, new Date()),
    quality: matchQuality(team, opponent, env),
  };
}

/**
 * /teams/{team}: the team of the series in use (an old tag redirects to the current one; unknown, or not in the
 * series: 404) with its rating history, its public matches (newest first), players, win rates by map and side, the
 * head-to-head against `vs`, and for its managers and admins its private matches. Each section but the header is
 * loaded on its own, so one failing shows its message while the rest renders.
 */
export async function loadTeamPage(locals: App.Locals, url: URL, tag: string): Promise<TeamPageResult> {
  const series = locals.series;
  if (!series) throw notFound(messages.teamNotFound(tag));
  const db = await getDb();
  const row = await requireTeam(db, tag);
  if (row.tag !== tag) return { redirectTo: row.tag };
  const team = await getTeamDetail(db, series, row.tag);
  const canManage = actsForTeam(locals.actor, row.id);
  const matchesPaging = readPaging(url, TEAM_MATCHES_PAGING);
  const playersPaging = readPaging(url, TEAM_PLAYERS_PAGING);
  const privatePaging = readPaging(url, TEAM_PRIVATE_PAGING);
  const vs = (url.searchParams.get('vs') ?? '').trim().slice(0, 32);
  const results = listTeamResults(db, series.id, row.id);
  // A rejection here is reported by the sections that await it; this keeps it from going unhandled meanwhile.
  results.catch(() => undefined);

  const [matches, players, winRates, choices, versus, privateMatches] = await Promise.all([
    settle(async () => {
      const list = await listSeriesMatches(db, series, { desc: true, tag: row.tag, ...pagingToQuery(matchesPaging) });
      return { matches: list.matches, total: list.meta.total_count, paging: matchesPaging };
    }),
    settle(async () => ({
      ...(await listTeamPlayers(db, series, row.tag, pagingToQuery(playersPaging))),
      paging: playersPaging,
    })),
    settle(async () => teamWinRates(await results, (id) => mapView(id).name)),
    listTeams(db, series, { inactiveOnly: false, limit: MAX_CHOICES, offset: 0 }).then(
      (page) => page.teams.filter((t) => t.tag !== row.tag).map((t) => ({ tag: t.tag, name: t.name })),
      () => [],
    ),
    vs ? settle(() => headToHead(db, series, team, results, vs)) : Promise.resolve(null),
    canManage
      ? settle(async () => {
          const list = await listPrivateMatches(db, series, row.tag, locals.actor, {
            desc: true,
            ...pagingToQuery(privatePaging),
          });
          return { matches: list.matches, total: list.meta.total_count, paging: privatePaging };
        })
      : Promise.resolve(null),
  ]);
  const ownTags = [team.tag, ...team.previous_tags.map((p) => p.tag)].map((t) => t.toLowerCase());
  return {
    page: {
      team,
      ownTags,
      canManage,
      matches,
      players,
      winRates,
      headToHead: { choices, vs, result: versus },
      privateMatches,
      meta: previewMeta(teamCard(series.tag, team)),
    },
  };
}
