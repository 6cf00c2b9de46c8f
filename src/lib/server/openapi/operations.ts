import type { z } from 'zod';
import * as schemas from '#lib/schemas/index.ts';
import { meSchema } from '#lib/schemas/user.ts';
import { claimInputSchema, claimSchema, claimVisibilityInputSchema } from '#lib/schemas/claim.ts';
import {
  capFlipsInputSchema,
  layoutInputSchema,
  matchActionInputSchema,
  matchActionResultSchema,
  matchTournamentInputSchema,
  streamsInputSchema,
} from '#lib/schemas/match-input.ts';
import {
  createTeamInputSchema,
  managedTeamSchema,
  patchTeamInputSchema,
  teamActionInputSchema,
} from '#lib/schemas/team-input.ts';
import { createTournamentInputSchema, patchTournamentInputSchema } from '#lib/schemas/tournament-input.ts';
import { playerActionInputSchema } from '#lib/schemas/player-input.ts';

/** A parameter of an operation; `repeated` query parameters may appear several times. */
export interface Parameter {
  name: string;
  in: 'path' | 'query';
  description: string;
  type?: 'string' | 'integer' | 'boolean';
  enum?: readonly string[];
  repeated?: boolean;
}

/** One call of the API, declared once for the OpenAPI document and the /api-docs page. */
export interface Operation {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  group: string;
  summary: string;
  /** Who may call it beyond anyone. */
  access?: string;
  parameters?: Parameter[];
  body?: z.ZodType;
  /** The 2xx answer: a schema (JSON), 'text' (a download) or null (204). */
  response: z.ZodType | 'text' | null;
  /** Error statuses the call documents, besides 400 for bad input. */
  errors?: number[];
}

const p = (name: string, description: string): Parameter => ({ name, in: 'path', description });
const q = (name: string, description: string, extra: Partial<Parameter> = {}): Parameter => ({
  name,
  in: 'query',
  description,
  type: 'string',
  ...extra,
});
const series = p('series', 'Series tag');
const tag = p('tag', 'Team tag (an old tag still finds the team)');
const matchId = p('matchId', 'Match id (a positive integer)');
const steamId = p('steamId', '17-digit Steam id or 32-hex player id');
const paging = (defaultLimit: number) => [
  q('offset', 'Items to skip (default 0)', { type: 'integer' }),
  q('limit', `Page size, 1-100 (default ${defaultLimit})`, { type: 'integer' }),
];
const desc = q('desc', 'Newest first when true (default false)', { type: 'boolean' });

export const operations: Operation[] = [
  {
    method: 'get',
    path: '/v2/users/@me',
    group: 'Users',
    summary: 'The signed-in user (roles, my_teams, my_steam_ids)',
    access: 'signed in',
    response: meSchema,
    errors: [401],
  },
  {
    method: 'post',
    path: '/v2/users/@me/logout',
    group: 'Users',
    summary: 'Signs out',
    access: 'signed in',
    response: null,
  },
  {
    method: 'post',
    path: '/v2/users/@me/claims',
    group: 'Users',
    summary: 'Claims a player profile',
    access: 'signed in',
    body: claimInputSchema,
    response: claimSchema,
    errors: [401, 404, 409],
  },
  {
    method: 'delete',
    path: '/v2/users/@me/claims/{steamId}',
    group: 'Users',
    summary: 'Gives up a claim',
    access: 'the owner',
    parameters: [steamId],
    response: null,
    errors: [401, 404],
  },
  {
    method: 'put',
    path: '/v2/users/@me/claims/{steamId}',
    group: 'Users',
    summary: "Sets a claimed profile's visibility",
    access: 'the owner',
    parameters: [steamId],
    body: claimVisibilityInputSchema,
    response: claimSchema,
    errors: [401, 404],
  },

  {
    method: 'get',
    path: '/v3/series',
    group: 'Series',
    summary: 'Every series with the current flag',
    response: schemas.seriesListSchema,
  },
  {
    method: 'get',
    path: '/v3/series/{series}',
    group: 'Series',
    summary: 'One series',
    parameters: [series],
    response: schemas.seriesSchema,
    errors: [404],
  },
  {
    method: 'get',
    path: '/v3/series/{series}/statistics',
    group: 'Series',
    summary: 'Counts, top team and win rates by map and side (public matches and players only)',
    parameters: [series],
    response: schemas.seriesStatisticsSchema,
    errors: [404],
  },

  {
    method: 'get',
    path: '/v3/series/{series}/matches',
    group: 'Matches',
    summary: 'Public matches of the series, filtered and paged',
    parameters: [
      series,
      desc,
      ...paging(25),
      q('tag', "A team's matches (either side)"),
      q('team', 'Team tags (either side)', { repeated: true }),
      q('map', 'Map ids or names', { repeated: true }),
      q('type', 'Match types', { repeated: true, enum: schemas.MATCH_TYPES }),
      q('tournament', 'Tournament tags', { repeated: true }),
      q('result', 'Results', { repeated: true, enum: schemas.MATCH_RESULTS }),
      q('status', 'Calculation statuses', { repeated: true, enum: schemas.CALCULATION_STATUSES }),
    ],
    response: schemas.matchListSchema,
    errors: [404],
  },
  {
    method: 'get',
    path: '/v3/series/{series}/matches/{matchId}',
    group: 'Matches',
    summary: 'A match with player statistics keyed by player id',
    access: "private matches: the teams' managers and admins",
    parameters: [series, matchId],
    response: schemas.matchDetailSchema,
    errors: [403, 404],
  },
  {
    method: 'post',
    path: '/v3/series/{series}/matches/{matchId}',
    group: 'Matches',
    summary: 'Approves or disputes a match',
    access: 'the opposing team or an admin',
    parameters: [series, matchId],
    body: matchActionInputSchema,
    response: matchActionResultSchema,
    errors: [401, 403, 404, 409],
  },
  {
    method: 'patch',
    path: '/v3/series/{series}/matches/{matchId}',
    group: 'Matches',
    summary: "Sets a match's streams",
    access: 'either team or an admin',
    parameters: [series, matchId],
    body: streamsInputSchema,
    response: null,
    errors: [401, 403, 404],
  },
  {
    method: 'put',
    path: '/v3/series/{series}/matches/{matchId}/tournament',
    group: 'Matches',
    summary: "Sets a match's tournament",
    access: 'admin',
    parameters: [series, matchId],
    body: matchTournamentInputSchema,
    response: null,
    errors: [401, 403, 404],
  },
  {
    method: 'put',
    path: '/v3/series/{series}/matches/{matchId}/cap_flips',
    group: 'Matches',
    summary: "Sets a match's cap flips",
    access: 'either team or an admin',
    parameters: [series, matchId],
    body: capFlipsInputSchema,
    response: null,
    errors: [401, 403, 404],
  },
  {
    method: 'put',
    path: '/v3/series/{series}/matches/{matchId}/layout',
    group: 'Matches',
    summary: "Sets a match's map layout",
    access: 'either team or an admin',
    parameters: [series, matchId],
    body: layoutInputSchema,
    response: null,
    errors: [401, 403, 404],
  },
  {
    method: 'post',
    path: '/v2/matches/serverlog',
    group: 'Matches',
    summary: 'Reports a match from a server log (multipart: data, file, format, ...)',
    access: 'signed in or a team API key',
    response: null,
    errors: [401, 403, 409],
  },
  {
    method: 'get',
    path: '/v3/maps/{map}/caps',
    group: 'Matches',
    summary: 'Strongpoints per sector and the side holding the left (map id, display or short name)',
    parameters: [p('map', 'Map id, display name or short name')],
    response: schemas.mapCapsSchema,
    errors: [404],
  },

  {
    method: 'get',
    path: '/v3/series/{series}/teams',
    group: 'Teams',
    summary: 'Teams ranked by score (ranked before pending); total in X-Total-Count',
    parameters: [
      series,
      ...paging(100),
      q('inactiveOnly', 'Inactive teams instead of active ones', { type: 'boolean' }),
    ],
    response: schemas.teamListSchema,
    errors: [404],
  },
  {
    method: 'post',
    path: '/v3/series/{series}/teams',
    group: 'Teams',
    summary: 'Creates a team',
    access: 'admin',
    parameters: [series],
    body: createTeamInputSchema,
    response: managedTeamSchema,
    errors: [401, 403, 409],
  },
  {
    method: 'get',
    path: '/v3/series/{series}/teams/{tag}',
    group: 'Teams',
    summary: 'A team with its rating history',
    parameters: [series, tag],
    response: schemas.teamDetailSchema,
    errors: [404],
  },
  {
    method: 'patch',
    path: '/v3/series/{series}/teams/{tag}',
    group: 'Teams',
    summary: "Changes a team's fields",
    access: "the team's managers or an admin",
    parameters: [series, tag],
    body: patchTeamInputSchema,
    response: managedTeamSchema,
    errors: [401, 403, 404],
  },
  {
    method: 'post',
    path: '/v3/series/{series}/teams/{tag}',
    group: 'Teams',
    summary: "Changes a team's tag",
    access: 'admin',
    parameters: [series, tag],
    body: teamActionInputSchema,
    response: managedTeamSchema,
    errors: [401, 403, 404, 409],
  },
  {
    method: 'delete',
    path: '/v3/series/{series}/teams/{tag}',
    group: 'Teams',
    summary: 'Deletes a team',
    access: 'admin',
    parameters: [series, tag],
    response: null,
    errors: [401, 403, 404],
  },
  {
    method: 'get',
    path: '/v3/series/{series}/teams/{tag}/players',
    group: 'Teams',
    summary: 'Players who played for the team',
    parameters: [series, tag, ...paging(25)],
    response: schemas.teamPlayersSchema,
    errors: [404],
  },
  {
    method: 'get',
    path: '/v3/series/{series}/teams/{tag}/private-matches',
    group: 'Teams',
    summary: "The team's private matches (page size 20)",
    access: "the team's managers and admins",
    parameters: [series, tag, desc, ...paging(20)],
    response: schemas.matchListSchema,
    errors: [401, 403, 404],
  },
  {
    method: 'get',
    path: '/v2/teams/{tag}/api-key',
    group: 'Teams',
    summary: "The team's API key",
    access: "the team's managers and admins",
    parameters: [tag],
    response: null,
    errors: [401, 403, 404],
  },
  {
    method: 'post',
    path: '/v2/teams/{tag}/api-key',
    group: 'Teams',
    summary: 'Creates or rotates the API key',
    access: "the team's managers and admins",
    parameters: [tag],
    response: null,
    errors: [401, 403, 404],
  },

  {
    method: 'get',
    path: '/v3/series/{series}/players',
    group: 'Players',
    summary: 'Player search on names, aliases and ids (at most 25)',
    parameters: [series, q('query', 'Search text (trimmed; empty finds nothing)')],
    response: schemas.playerSearchSchema,
    errors: [404],
  },
  {
    method: 'get',
    path: '/v3/series/{series}/players/{steamId}',
    group: 'Players',
    summary: 'Player detail and profile',
    access: 'private profiles: the owner and admins',
    parameters: [series, steamId],
    response: schemas.playerDetailSchema,
    errors: [403, 404],
  },
  {
    method: 'post',
    path: '/v3/series/{series}/players/{steamId}',
    group: 'Players',
    summary: "Changes a player's primary name",
    access: 'the owner or an admin',
    parameters: [series, steamId],
    body: playerActionInputSchema,
    response: null,
    errors: [401, 403, 404],
  },

  {
    method: 'get',
    path: '/v2/tournaments',
    group: 'Tournaments',
    summary: 'Tournaments, newest first',
    parameters: [q('active', 'Only active ones when true', { type: 'boolean' })],
    response: schemas.tournamentListSchema,
  },
  {
    method: 'post',
    path: '/v2/tournaments',
    group: 'Tournaments',
    summary: 'Creates a tournament',
    access: 'admin',
    body: createTournamentInputSchema,
    response: schemas.tournamentSchema,
    errors: [401, 403, 409],
  },
  {
    method: 'get',
    path: '/v2/tournaments/{tag}',
    group: 'Tournaments',
    summary: 'One tournament',
    parameters: [p('tag', 'Tournament tag')],
    response: schemas.tournamentSchema,
    errors: [404],
  },
  {
    method: 'patch',
    path: '/v2/tournaments/{tag}',
    group: 'Tournaments',
    summary: 'Changes the given fields',
    access: 'admin',
    parameters: [p('tag', 'Tournament tag')],
    body: patchTournamentInputSchema,
    response: schemas.tournamentSchema,
    errors: [401, 403, 404],
  },

  {
    method: 'get',
    path: '/v3/logs',
    group: 'Logs',
    summary: 'Lists a log folder, or downloads a file (text/plain attachment)',
    access: 'admin',
    parameters: [q('path', "Folder ('' = root) or file path, e.g. 2026/05")],
    response: schemas.logListingSchema,
    errors: [401, 403, 404],
  },
  { method: 'get', path: '/v3/openapi.json', group: 'Meta', summary: 'This document', response: null },
];
