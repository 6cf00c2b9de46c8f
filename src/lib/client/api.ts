import { FetchError, ofetch, type $Fetch, type FetchOptions } from 'ofetch';
import { z } from 'zod';
import {
  logListingSchema,
  mapCapsSchema,
  matchDetailSchema,
  matchListSchema,
  playerDetailSchema,
  playerSearchSchema,
  seriesListSchema,
  seriesSchema,
  seriesStatisticsSchema,
  teamDetailSchema,
  teamListSchema,
  teamPlayersSchema,
  tournamentListSchema,
  tournamentSchema,
  type MatchListQuery,
} from '#lib/schemas/index.ts';
import { meSchema } from '#lib/schemas/user.ts';
import { claimDecisionResultSchema, claimReviewSchema, claimSchema, type ClaimDecision } from '#lib/schemas/claim.ts';
import { managedTeamSchema, type CreateTeamBody, type PatchTeamBody } from '#lib/schemas/team-input.ts';
import { matchActionResultSchema, type MatchAction } from '#lib/schemas/match-input.ts';
import type { CreateTournamentBody, PatchTournamentBody } from '#lib/schemas/tournament-input.ts';
import { registrationSchema, type RegistrationDecision, type RegistrationInput } from '#lib/schemas/registration.ts';
import { webhookListSchema, webhookSchema, type WebhookInput } from '#lib/schemas/webhook.ts';
import { ApiError, csrfFromDocumentCookie } from './api-error.ts';

export { ApiError, CSRF_COOKIE_NAMES, csrfFromDocumentCookie } from './api-error.ts';

export interface ApiClientOptions {
  /** Origin of the site; '' (same origin) in the browser. */
  baseURL?: string;
  /** Extra headers for every call (e.g. a cookie or `Authorization: Bearer <team key>` outside the browser). */
  headers?: Record<string, string>;
  /** The CSRF token to send; in the browser it is read from the CSRF cookie when absent. */
  csrfToken?: () => string | undefined;
}

type Query = Record<string, string | number | boolean | readonly (string | number)[] | undefined>;

/** Serialises a query: arrays become repeated parameters, undefined values are left out. */
export function toSearch(query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

const seg = encodeURIComponent;
const empty = z.unknown().transform(() => undefined);
/** Writes answer the tournament as the admin service shapes it; only its identity is relied on. */
const writtenTournament = z.object({ tag: z.string(), name: z.string() }).loose();

/**
 * A typed client of every call in spec section 7. Responses are validated with the shared zod schemas (a shape
 * mismatch throws a ZodError); HTTP failures throw ApiError. Every request sends X-CSRF-Token when a token is known.
 */
export function createApiClient(options: ApiClientOptions = {}) {
  const csrf = options.csrfToken ?? csrfFromDocumentCookie;
  const raw: $Fetch = ofetch.create({
    baseURL: options.baseURL ?? '',
    credentials: 'include',
    retry: 0,
    onRequest({ options: request }) {
      const headers = new Headers(request.headers);
      for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
      const token = csrf();
      if (token) headers.set('x-csrf-token', token);
      request.headers = headers;
    },
  });

  async function call<S extends z.ZodType>(
    schema: S,
    path: string,
    init: FetchOptions<'json'> = {},
  ): Promise<z.infer<S>> {
    try {
      const body: unknown = await raw(path, init);
      return schema.parse(body === '' ? undefined : body);
    } catch (error) {
      if (error instanceof FetchError) throw new ApiError(error.status ?? 0, error.data);
      throw error;
    }
  }
  const send = <S extends z.ZodType>(schema: S, method: string, path: string, body?: unknown) =>
    call(schema, path, { method, ...(body === undefined ? {} : { body: body as Record<string, unknown> }) });
  const s = (series: string) => `/v3/series/${seg(series)}`;

  return {
    users: {
      me: () => call(meSchema, '/v2/users/@me'),
      logout: () => send(empty, 'POST', '/v2/users/@me/logout'),
      claim: (steamId: string) => send(claimSchema, 'POST', '/v2/users/@me/claims', { steam_id: steamId }),
      unclaim: (steamId: string) => send(empty, 'DELETE', `/v2/users/@me/claims/${seg(steamId)}`),
      setVisibility: (steamId: string, visibility: 'public' | 'private') =>
        send(claimSchema, 'PUT', `/v2/users/@me/claims/${seg(steamId)}`, { visibility }),
      /** The address the browser navigates to for signing in. */
      loginUrl: (redirectUri: string) =>
        `${options.baseURL ?? ''}/v2/auth/discord/login${toSearch({ redirect_uri: redirectUri })}`,
    },
    series: {
      list: () => call(seriesListSchema, '/v3/series'),
      get: (series: string) => call(seriesSchema, s(series)),
      statistics: (series: string) => call(seriesStatisticsSchema, `${s(series)}/statistics`),
    },
    matches: {
      list: (series: string, query: Partial<Omit<MatchListQuery, 'desc'>> & { desc?: boolean } = {}) =>
        call(matchListSchema, `${s(series)}/matches${toSearch(query)}`),
      get: (series: string, matchId: number) => call(matchDetailSchema, `${s(series)}/matches/${matchId}`),
      decide: (series: string, matchId: number, action: MatchAction) =>
        send(matchActionResultSchema, 'POST', `${s(series)}/matches/${matchId}`, { action }),
      setTournament: (series: string, matchId: number, tournament: string | null) =>
        send(z.unknown(), 'PUT', `${s(series)}/matches/${matchId}/tournament`, { tournament }),
      setCapFlips: (
        series: string,
        matchId: number,
        capFlips: { at: number; side: 'Allies' | 'Axis'; new_score: string }[],
      ) => send(z.unknown(), 'PUT', `${s(series)}/matches/${matchId}/cap_flips`, { cap_flips: capFlips }),
      setLayout: (series: string, matchId: number, layout: unknown[]) =>
        send(z.unknown(), 'PUT', `${s(series)}/matches/${matchId}/layout`, { layout }),
      setStreams: (series: string, matchId: number, streams: Record<string, string>) =>
        send(empty, 'PATCH', `${s(series)}/matches/${matchId}`, { streams }),
      /** Corrects the date and result (PATCH, each field optional; `date` as an ISO timestamp). */
      correct: (
        series: string,
        matchId: number,
        correction: { date?: string; winner?: string; result?: string; victor_side?: 'Allies' | 'Axis' },
      ) => send(empty, 'PATCH', `${s(series)}/matches/${matchId}`, correction),
      remove: (series: string, matchId: number) => send(empty, 'DELETE', `${s(series)}/matches/${matchId}`),
      /** POST /v2/matches/serverlog (multipart): `data` JSON, the log file and optional fields. */
      report: (form: FormData) =>
        call(z.object({ match_id: z.number(), series: z.string() }).loose(), '/v2/matches/serverlog', {
          method: 'POST',
          body: form,
        }),
      mapCaps: (map: string) => call(mapCapsSchema, `/v3/maps/${seg(map)}/caps`),
    },
    teams: {
      list: (series: string, query: { limit?: number; offset?: number; inactiveOnly?: boolean } = {}) =>
        call(teamListSchema, `${s(series)}/teams${toSearch(query)}`),
      get: (series: string, tag: string) => call(teamDetailSchema, `${s(series)}/teams/${seg(tag)}`),
      players: (series: string, tag: string, query: { offset?: number; limit?: number } = {}) =>
        call(teamPlayersSchema, `${s(series)}/teams/${seg(tag)}/players${toSearch(query)}`),
      privateMatches: (series: string, tag: string, query: { desc?: boolean; offset?: number } = {}) =>
        call(matchListSchema, `${s(series)}/teams/${seg(tag)}/private-matches${toSearch(query)}`),
      create: (series: string, body: CreateTeamBody) => send(managedTeamSchema, 'POST', `${s(series)}/teams`, body),
      update: (series: string, tag: string, body: PatchTeamBody) =>
        send(managedTeamSchema, 'PATCH', `${s(series)}/teams/${seg(tag)}`, body),
      changeTag: (series: string, tag: string, newTag: string) =>
        send(managedTeamSchema, 'POST', `${s(series)}/teams/${seg(tag)}`, { action: 'change_tag', new_tag: newTag }),
      remove: (series: string, tag: string) => send(empty, 'DELETE', `${s(series)}/teams/${seg(tag)}`),
      apiKey: (tag: string) =>
        call(z.object({ api_key: z.string().nullable() }).loose(), `/v2/teams/${seg(tag)}/api-key`),
      createApiKey: (tag: string) =>
        send(z.object({ api_key: z.string() }).loose(), 'POST', `/v2/teams/${seg(tag)}/api-key`),
    },
    claims: {
      /** The pending claims the caller may decide. */
      queue: () => call(z.array(claimReviewSchema), '/v2/claims'),
      decide: (steamId: string, userId: number, action: ClaimDecision) =>
        send(claimDecisionResultSchema, 'POST', `/v2/claims/${seg(steamId)}/${userId}`, { action }),
    },
    teamRequests: {
      list: (status: 'pending' | 'accepted' | 'rejected' = 'pending') =>
        call(z.array(registrationSchema), `/v2/team-requests${toSearch({ status })}`),
      create: (body: RegistrationInput) => send(registrationSchema, 'POST', '/v2/team-requests', body),
      decide: (id: number, decision: RegistrationDecision) =>
        send(registrationSchema, 'POST', `/v2/team-requests/${id}`, decision),
    },
    players: {
      search: async (series: string, query: string) => {
        const trimmed = query.trim();
        return trimmed ? call(playerSearchSchema, `${s(series)}/players${toSearch({ query: trimmed })}`) : [];
      },
      get: (series: string, steamId: string) => call(playerDetailSchema, `${s(series)}/players/${seg(steamId)}`),
      changePrimaryName: (series: string, steamId: string, name: string) =>
        send(z.unknown(), 'POST', `${s(series)}/players/${seg(steamId)}`, { action: 'change_primary_name', name }),
    },
    tournaments: {
      list: (activeOnly = false) => call(tournamentListSchema, `/v2/tournaments${activeOnly ? '?active=true' : ''}`),
      get: (tag: string) => call(tournamentSchema, `/v2/tournaments/${seg(tag)}`),
      create: (body: CreateTournamentBody) => send(writtenTournament, 'POST', '/v2/tournaments', body),
      update: (tag: string, body: PatchTournamentBody) =>
        send(writtenTournament, 'PATCH', `/v2/tournaments/${seg(tag)}`, body),
    },
    webhooks: {
      list: (series: string) => call(webhookListSchema, `${s(series)}/webhooks`),
      add: (series: string, body: WebhookInput) => send(webhookSchema, 'POST', `${s(series)}/webhooks`, body),
      remove: (series: string, id: number) => send(empty, 'DELETE', `${s(series)}/webhooks/${id}`),
    },
    logs: {
      list: (path = '') => call(logListingSchema, `/v3/logs${toSearch({ path })}`),
      /** The file's text (the server answers it as an attachment). */
      download: (path: string) =>
        call(z.string(), `/v3/logs${toSearch({ path })}`, { responseType: 'text' } as unknown as FetchOptions<'json'>),
    },
  };
}
export type ApiClient = ReturnType<typeof createApiClient>;

let shared: ApiClient | undefined;

/** The client islands and stores call: same origin, CSRF header from the cookie. Created on first use. */
export function apiClient(): ApiClient {
  return (shared ??= createApiClient());
}

/** Replaces the shared client (tests point it at a test server; `undefined` goes back to the default). */
export function setApiClient(client: ApiClient | undefined): void {
  shared = client;
}
