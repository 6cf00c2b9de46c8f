import type { TeamDetail, TeamPlayers } from '#lib/schemas/team.ts';
import type { HeadToHead, TeamChoice, TeamMatchItem, TeamWinRates } from '#lib/schemas/team-view.ts';
import type { SeriesRow } from '#lib/server/db/tables/series.ts';
import type { TeamRow } from '#lib/server/db/tables/teams.ts';
import { getDb } from '#lib/server/app.ts';
import type { DB } from '#lib/server/db/index.ts';
import { actsForTeam } from '#lib/server/auth/actor.ts';
import { HttpError, notFound } from '#lib/server/core/errors.ts';
import type { Series } from '#lib/schemas/series.ts';
import { findTeamWithSeries } from '#lib/server/repositories/read/addresses.ts';
import { paths } from '#lib/links.ts';
import { messages } from '#lib/server/core/messages.ts';
import { requireTeam } from '#lib/server/services/teams-write.ts';
import { listPlayersOfTeam, toTeam, toTeamDetail } from '#lib/server/services/read/series-teams.ts';
import { listPrivateMatchesOf } from '#lib/server/services/read/matches.ts';
import { matchSide } from '#lib/server/services/read/match-view.ts';
import { iso, mapView } from '#lib/server/services/read/values.ts';
import { seriesEnv } from '#lib/server/services/ratings/params.ts';
import {
  listTeamMatchPage,
  listTeamResults,
  type TeamMatchPageRow,
} from '#lib/server/repositories/read/team-results.ts';
import {
  findSeriesTeam,
  listRatingHistory,
  listSeriesTeams,
  type SeriesTeamRow,
} from '#lib/server/repositories/read/series-teams.ts';
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
  matches: TeamMatchItem[];
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

/**
 * A team address the series in use has no page for: a team that did not play in it (`name` set, `playedIn` the
 * series where it did, newest first), or no team at all (`name` null).
 */
export interface TeamAbsence {
  tag: string;
  name: string | null;
  playedIn: Series[];
}

/**
 * /teams/{team} answers the page, the address of the team's current tag (an old tag was used), or what the series in
 * use lacks (a link shared last season still says where the team played).
 */
export type TeamPageResult = { page: TeamPage } | { redirectTo: string } | { absent: TeamAbsence };

/** The series' active teams in ranking order (the head-to-head choices, and the rows of the team and opponent). */
type ActiveTeams = Promise<{ rows: SeriesTeamRow[] }>;

/**
 * The team's row in the series ordering: taken from the active teams already read when it is one of them, else
 * read on its own (an inactive team); 404 when the team has no rating in the series.
 */
async function seriesRowOf(db: DB, series: SeriesRow, team: TeamRow, active: ActiveTeams): Promise<SeriesTeamRow> {
  const listed = team.inactive ? undefined : (await active).rows.find((r) => r.id === team.id);
  const row = listed ?? (await findSeriesTeam(db, series.id, series.ranked_after_matches, team));
  if (!row) throw notFound(messages.teamNotFound(team.tag));
  return row;
}

async function headToHead(
  db: DB,
  series: SeriesRow,
  team: TeamDetail,
  results: Promise<{ results: TeamResult[] }>,
  active: ActiveTeams,
  vs: string,
): Promise<HeadToHead> {
  const other = await requireTeam(db, vs);
  const opponent = toTeam(await seriesRowOf(db, series, other, active), series.ranked_after_matches);
  const { wins, losses } = recordAgainst((await results).results, other.id);
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

/** A row of the team's match list as the list shows it (the map by its display name, as in the API's match). */
function toTeamMatchItem(row: TeamMatchPageRow): TeamMatchItem {
  return {
    match_id: row.id,
    date: iso(row.date),
    result: row.result,
    map: mapView(row.map).name,
    type: row.type,
    calculation_status: row.calculation_status,
    team_details: [matchSide(row, 'winner'), matchSide(row, 'loser')],
  };
}

function absence(locals: App.Locals, team: TeamRow, tags: string[]): { absent: TeamAbsence } {
  const playedIn = tags.flatMap((tag) => locals.shell.series.filter((s) => s.tag === tag));
  return { absent: { tag: team.tag, name: team.name, playedIn } };
}

/** The series dropdown on a team's page: the team in each series where it played, else that series' team list. */
function seriesLinks(locals: App.Locals, tag: string, playedIn: string[]): Record<string, string> {
  return Object.fromEntries(
    locals.shell.series.map((s) => {
      const page = playedIn.includes(s.tag) ? paths.team(tag) : paths.teams();
      return [s.tag, `${page}?series=${encodeURIComponent(s.tag)}`];
    }),
  );
}

/** Keeps a rejection of `promise` from going unhandled until the part of the page that awaits it reports it. */
function quiet<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

/**
 * /teams/{team}: the team of the series in use (an old tag redirects to the current one; unknown, or not in the
 * series: its absence) with its rating history, its public matches (newest first), players, win rates by map and side, the
 * head-to-head against `vs`, and for its managers and admins its private matches. Each section but the header is
 * loaded on its own, so one failing shows its message while the rest renders.
 *
 * The team is looked up once and every other read starts at once, each table read in one round trip (counted in
 * tests/integration/pages/round-trips.test.ts): the series' active teams serve as the head-to-head choices and
 * give the team's (and the opponent's) rank and rating, so only an inactive team is read again.
 */
export async function loadTeamPage(locals: App.Locals, url: URL, tag: string): Promise<TeamPageResult> {
  const series = locals.series;
  const db = await getDb();
  const found = await findTeamWithSeries(db, tag);
  if (!found) return { absent: { tag, name: null, playedIn: [] } };
  const { series: playedIn, ...row } = found;
  if (row.tag !== tag) return { redirectTo: row.tag };
  locals.seriesLinks = seriesLinks(locals, row.tag, playedIn);
  if (!series) return absence(locals, row, playedIn);
  const canManage = actsForTeam(locals.actor, row.id);
  const matchesPaging = readPaging(url, TEAM_MATCHES_PAGING);
  const playersPaging = readPaging(url, TEAM_PLAYERS_PAGING);
  const privatePaging = readPaging(url, TEAM_PRIVATE_PAGING);
  const vs = (url.searchParams.get('vs') ?? '').trim().slice(0, 32);

  const active = quiet(
    listSeriesTeams(db, series.id, series.ranked_after_matches, { inactive: false, limit: MAX_CHOICES, offset: 0 }),
  );
  const history = quiet(listRatingHistory(db, series.id, row.id));
  const results = quiet(listTeamResults(db, series.id, row));
  const sections = Promise.all([
    settle(async () => {
      const page = listTeamMatchPage(db, series.id, row, { desc: true, ...pagingToQuery(matchesPaging) });
      const [rows, { listed }] = await Promise.all([page, results]);
      return { matches: rows.map(toTeamMatchItem), total: listed, paging: matchesPaging };
    }),
    settle(async () => ({
      ...(await listPlayersOfTeam(db, series, row.id, pagingToQuery(playersPaging))),
      paging: playersPaging,
    })),
    settle(async () => teamWinRates((await results).results, (id) => mapView(id).name)),
    active.then(
      (page) => page.rows.filter((t) => t.id !== row.id).map((t) => ({ tag: t.tag, name: t.name })),
      () => [],
    ),
    canManage
      ? settle(async () => {
          const list = await listPrivateMatchesOf(db, series, row, locals.actor, {
            desc: true,
            ...pagingToQuery(privatePaging),
          });
          return { matches: list.matches, total: list.meta.total_count, paging: privatePaging };
        })
      : Promise.resolve(null),
  ]);
  const own = await seriesRowOf(db, series, row, active).catch((error: unknown) => {
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  });
  if (!own) {
    await sections;
    return absence(locals, row, playedIn);
  }
  const team = toTeamDetail(series, own, await history);
  const versus = vs ? settle(() => headToHead(db, series, team, results, active, vs)) : Promise.resolve(null);
  const [[matches, players, winRates, choices, privateMatches], versusResult] = await Promise.all([sections, versus]);
  const ownTags = [team.tag, ...team.previous_tags.map((p) => p.tag)].map((t) => t.toLowerCase());
  return {
    page: {
      team,
      ownTags,
      canManage,
      matches,
      players,
      winRates,
      headToHead: { choices, vs, result: versusResult },
      privateMatches,
      meta: previewMeta(teamCard(series.tag, team)),
    },
  };
}
