import type { APIContext, APIRoute } from 'astro';
import { z } from 'zod';
import { getDb } from '#lib/server/app.ts';
import type { DB } from '#lib/server/db/index.ts';
import type { SeriesRow } from '#lib/server/db/tables/series.ts';
import { endpoint } from '#lib/server/http/answers/respond.ts';
import { readQuery } from '#lib/server/http/answers/request.ts';
import { badRequest } from '#lib/server/core/errors.ts';
import { messages } from '#lib/server/core/messages.ts';
import { cachedJson, cachedResponse, responseWithEtag } from '#lib/server/http/answers/cache-control.ts';
import { cachedPublicRead } from '#lib/server/http/caches/read-cache.ts';
import { openFrontCache } from '#lib/server/http/caches/page-cache.ts';
import { getSeriesList, requireSeries, toSeries } from '#lib/server/services/series.ts';
import { booleanParam } from '#lib/schemas/meta.ts';
import {
  MATCH_FILTER_KEYS,
  matchIdParam,
  matchListQuerySchema,
  privateMatchesQuerySchema,
} from '#lib/schemas/match.ts';
import { teamListQuerySchema, teamPlayersQuerySchema } from '#lib/schemas/team.ts';
import { playerSearchQuerySchema, steamIdParam } from '#lib/schemas/player.ts';
import { logPathParam } from '#lib/schemas/log.ts';
import { getSeriesStatistics } from '#lib/server/services/read/statistics.ts';
import { getMatchDetail, listPrivateMatches, listSeriesMatches } from '#lib/server/services/read/matches.ts';
import { getTeamDetail, listTeamPlayers, listTeams } from '#lib/server/services/read/series-teams.ts';
import { getPlayerDetail, searchSeriesPlayers } from '#lib/server/services/read/players.ts';
import { getTournament, listTournamentsView } from '#lib/server/services/read/tournaments.ts';
import { getMapCaps } from '#lib/server/services/read/maps.ts';
import { browseLogs } from '#lib/server/services/read/logs.ts';

/**
 * The GET handlers of the public read API. Route files re-export these (`export const GET = readEndpoints.x`) so
 * that each route stays one line beside the write handlers other modules add to the same file.
 * Each parses its parameters (400 naming a bad one), calls a read service and answers with caching headers.
 */

/** A path parameter checked against `schema`; a bad value is a 400 naming the parameter. */
function pathParam<S extends z.ZodType>(context: APIContext, name: string, schema: S): z.infer<S> {
  const parsed = schema.safeParse(context.params[name] ?? '');
  if (!parsed.success) throw badRequest(messages.invalidParameter(name, parsed.error.issues[0]?.message ?? 'invalid'));
  return parsed.data;
}

/** How long a found series row is reused; series change rarely and public answers may be 10 s old anyway. */
const SERIES_TTL_MS = 2_000;
// Keyed by database handle so that test servers of different engines in one process never share rows.
const seriesMemo = new WeakMap<DB, Map<string, { row: SeriesRow; at: number }>>();

/** The database and the series named by the `series` path parameter (404 when unknown; unknown tags are not kept). */
async function seriesOf(context: APIContext): Promise<{ db: DB; series: SeriesRow }> {
  const db = await getDb();
  const key = (context.params['series'] ?? '').toLowerCase();
  let memo = seriesMemo.get(db);
  if (!memo) seriesMemo.set(db, (memo = new Map()));
  const hit = memo.get(key);
  if (hit && Date.now() - hit.at < SERIES_TTL_MS) return { db, series: hit.row };
  const series = await requireSeries(db, context.params['series'] ?? '');
  if (memo.size > 100) memo.clear();
  memo.set(key, { row: series, at: Date.now() });
  return { db, series };
}

/**
 * A public answer (the same for every caller) for this URL, served from the read cache while the data has not
 * changed (http/caches/read-cache.ts): computed once, serialised once, revalidated with its ETag. A caller carrying no
 * credentials cannot have made a change itself: it may be given an answer up to a second behind (http/caches/change-cache.ts).
 */
async function publicAnswer(
  context: APIContext,
  db: DB,
  produce: () => Promise<{ body: unknown; headers?: Record<string, string> }>,
): Promise<Response> {
  openFrontCache(db);
  const { headers } = context.request;
  const stale = !headers.has('cookie') && !headers.has('authorization');
  const answer = await cachedPublicRead(db, `${context.url.pathname}${context.url.search}`, produce, stale);
  return responseWithEtag(context.request, answer.payload, answer.etag, 'public', { headers: answer.headers });
}

/** `publicAnswer` for a plain JSON body. */
function publicJson(context: APIContext, db: DB, produce: () => Promise<unknown>): Promise<Response> {
  return publicAnswer(context, db, async () => ({ body: await produce() }));
}

const noQuery = z.object({});
const tournamentListQuery = z.object({ active: booleanParam.optional().transform((v) => v ?? false) });
const logsQuery = z.object({ path: logPathParam.optional().transform((p) => p ?? '') });

const get = (handler: (context: APIContext) => Promise<Response>): APIRoute => endpoint(handler);

export const readEndpoints = {
  seriesList: get(async (context) => {
    readQuery(context.url, noQuery);
    const db = await getDb();
    return publicJson(context, db, () => getSeriesList(db));
  }),

  series: get(async (context) => {
    readQuery(context.url, noQuery);
    const { db, series } = await seriesOf(context);
    return publicJson(context, db, async () => toSeries(series));
  }),

  statistics: get(async (context) => {
    readQuery(context.url, noQuery);
    const { db, series } = await seriesOf(context);
    return publicJson(context, db, () => getSeriesStatistics(db, series));
  }),

  matches: get(async (context) => {
    const query = readQuery(context.url, matchListQuerySchema, MATCH_FILTER_KEYS);
    const { db, series } = await seriesOf(context);
    return publicJson(context, db, () => listSeriesMatches(db, series, query));
  }),

  match: get(async (context) => {
    const { db, series } = await seriesOf(context);
    const matchId = pathParam(context, 'matchId', matchIdParam);
    const actor = context.locals.actor;
    // Only anonymous reads are shared: what a signed-in caller sees depends on who they are.
    if (actor.kind === 'anonymous')
      return publicJson(context, db, async () => (await getMatchDetail(db, series, matchId, actor)).data);
    const result = await getMatchDetail(db, series, matchId, actor);
    return cachedJson(context.request, result.data, result.personal ? 'private' : 'public');
  }),

  teams: get(async (context) => {
    const query = readQuery(context.url, teamListQuerySchema);
    const { db, series } = await seriesOf(context);
    return publicAnswer(context, db, async () => {
      const { teams, total } = await listTeams(db, series, query);
      return { body: teams, headers: { 'x-total-count': String(total) } };
    });
  }),

  team: get(async (context) => {
    readQuery(context.url, noQuery);
    const { db, series } = await seriesOf(context);
    return publicJson(context, db, () => getTeamDetail(db, series, context.params['tag'] ?? ''));
  }),

  teamPlayers: get(async (context) => {
    const page = readQuery(context.url, teamPlayersQuerySchema);
    const { db, series } = await seriesOf(context);
    return publicJson(context, db, () => listTeamPlayers(db, series, context.params['tag'] ?? '', page));
  }),

  privateMatches: get(async (context) => {
    const page = readQuery(context.url, privateMatchesQuerySchema);
    const { db, series } = await seriesOf(context);
    const list = await listPrivateMatches(db, series, context.params['tag'] ?? '', context.locals.actor, page);
    return cachedJson(context.request, list, 'private');
  }),

  players: get(async (context) => {
    const { query } = readQuery(context.url, playerSearchQuerySchema);
    const { db, series } = await seriesOf(context);
    return publicJson(context, db, () => searchSeriesPlayers(db, series, query));
  }),

  player: get(async (context) => {
    const { db, series } = await seriesOf(context);
    const steamId = pathParam(context, 'steamId', steamIdParam);
    const actor = context.locals.actor;
    if (actor.kind === 'anonymous')
      return publicJson(context, db, async () => (await getPlayerDetail(db, series, steamId, actor)).data);
    const result = await getPlayerDetail(db, series, steamId, actor);
    return cachedJson(context.request, result.data, result.personal ? 'private' : 'public');
  }),

  tournaments: get(async (context) => {
    const { active } = readQuery(context.url, tournamentListQuery);
    const db = await getDb();
    return publicJson(context, db, () => listTournamentsView(db, active));
  }),

  tournament: get(async (context) => {
    const db = await getDb();
    return publicJson(context, db, () => getTournament(db, context.params['tag'] ?? ''));
  }),

  mapCaps: get(async (context) => cachedJson(context.request, getMapCaps(context.params['map'] ?? ''))),

  logs: get(async (context) => {
    const { path } = readQuery(context.url, logsQuery);
    const result = await browseLogs(await getDb(), context.locals.actor, path);
    if (result.kind === 'folder') return cachedJson(context.request, result.listing, 'private');
    return cachedResponse(context.request, result.content, 'private', {
      contentType: 'text/plain; charset=utf-8',
      headers: { 'content-disposition': `attachment; filename="${result.name.replace(/[^A-Za-z0-9_.-]/g, '_')}"` },
    });
  }),
} satisfies Record<string, APIRoute>;
