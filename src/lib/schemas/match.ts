import { z } from 'zod';
import { plainText } from './text.ts';
import { idParam } from './id.ts';
import { pageMetaSchema, pagingQuery, booleanParam, timestampSchema } from './meta.ts';

import { CALCULATION_STATUSES, MATCH_RESULTS, MATCH_TYPES } from './match-constants.ts';

export { CALCULATION_STATUSES, MATCH_FILTER_KEYS, MATCH_RESULTS, MATCH_TYPES } from './match-constants.ts';
export const sideSchema = z.enum(['Allies', 'Axis']);
export const matchTypeSchema = z.enum(MATCH_TYPES);
export const calculationStatusSchema = z.enum(CALCULATION_STATUSES);

/** A team's rating just before and after a match (null until the match is rated). */
export const matchRatingSchema = z.object({
  mu_before: z.number(),
  sigma_before: z.number(),
  mu_after: z.number().nullable(),
  sigma_after: z.number().nullable(),
});

/** One side of a match: an unregistered team is known by its tag only (registered=false, name/icon null). */
export const matchTeamSchema = z.object({
  tag: z.string(),
  registered: z.boolean(),
  name: z.string().nullable(),
  icon: z.string().nullable(),
  rating: matchRatingSchema.nullable(),
});
export type MatchTeam = z.infer<typeof matchTeamSchema>;

/** Kills of one side, with the support-weapon breakdown. */
const killStatisticsSchema = z.record(z.string(), z.unknown());

/** A match as lists show it. `teams` are the tags, winner first; `team_details` the same two sides in detail. */
export const matchSchema = z.object({
  match_id: z.number().int(),
  title: z.string().nullable(),
  type: matchTypeSchema,
  tournament: z.string().nullable(),
  map: z.string(),
  map_id: z.string(),
  map_banner: z.string().nullable(),
  map_layout: z.array(z.unknown()),
  tactical_map: z.string().nullable(),
  date: timestampSchema,
  duration: z.number(),
  result: z.string(),
  victor_side: sideSchema.nullable(),
  teams: z.tuple([z.string(), z.string()]),
  team_details: z.tuple([matchTeamSchema, matchTeamSchema]),
  win_probability: z.number().nullable(),
  calculation_status: calculationStatusSchema,
  visibility: z.enum(['public', 'private']),
  defensive_players: z.object({ Allies: z.array(z.string()), Axis: z.array(z.string()) }),
  submitted_by: z.object({ tag: z.string().nullable(), username: z.string().nullable() }).nullable(),
  cap_flips: z.array(z.object({ at: z.number(), side: sideSchema, new_score: z.string() })),
  streams: z.record(z.string(), z.string()),
  gamemode: z.string().nullable(),
  kill_statistics: killStatisticsSchema.nullable(),
});
export type Match = z.infer<typeof matchSchema>;

/** A player's statistics within one match (spec section 3, Player stats). */
export const playerStatsSchema = z.object({
  side: sideSchema.nullable(),
  name: z.string(),
  team: z.string().nullable(),
  playtime: z.number(),
  kills: z.number(),
  deaths: z.number(),
  teamkills: z.number(),
  kpm: z.number(),
  dpm: z.number(),
  cpm: z.number(),
  spm: z.number(),
  max_streak: z.number(),
  combat_points: z.number(),
  offensive_points: z.number(),
  defensive_points: z.number(),
  support_points: z.number(),
  weapons: z.record(z.string(), z.number()),
  roles: z.array(z.unknown()),
  squads: z.array(z.unknown()),
  killers: z.record(z.string(), z.number()),
  victims: z.record(z.string(), z.number()),
  kill_events: z.array(z.number()),
  streamer: z.string().nullable(),
  side_percentile: z.number().nullable(),
  all_percentile: z.number().nullable(),
});
export type PlayerStats = z.infer<typeof playerStatsSchema>;

/** GET /v3/series/{series}/matches/{matchId}: the match plus player_stats keyed by player id. */
export const matchDetailSchema = matchSchema.extend({ player_stats: z.record(z.string(), playerStatsSchema) });
export type MatchDetail = z.infer<typeof matchDetailSchema>;

/** GET /v3/series/{series}/matches and .../teams/{tag}/private-matches. */
export const matchListSchema = z.object({ matches: z.array(matchSchema), meta: pageMetaSchema });
export type MatchList = z.infer<typeof matchListSchema>;

export const MATCH_LIST_DEFAULT_LIMIT = 25;
export const PRIVATE_MATCHES_PAGE_SIZE = 20;

const filterText = plainText().trim().min(1, 'must not be empty').max(64, 'must be at most 64 characters');
const list = <T extends z.ZodType>(item: T) => z.array(item).max(20, 'at most 20 values').optional();

/** Query of GET .../matches: paging, order, `tag` (a team's matches, either side) and the filter lists. */
export const matchListQuerySchema = pagingQuery(MATCH_LIST_DEFAULT_LIMIT).extend({
  desc: booleanParam.optional().transform((v) => v ?? false),
  tag: filterText.optional(),
  team: list(filterText),
  map: list(filterText),
  type: list(matchTypeSchema),
  tournament: list(filterText),
  result: list(z.enum(MATCH_RESULTS)),
  status: list(calculationStatusSchema),
});
export type MatchListQuery = z.infer<typeof matchListQuerySchema>;

/** Query of GET .../teams/{tag}/private-matches (page size 20). */
export const privateMatchesQuerySchema = pagingQuery(PRIVATE_MATCHES_PAGE_SIZE).extend({
  desc: booleanParam.optional().transform((v) => v ?? false),
});

/** A match id in a URL: a positive integer that fits the matches' key. */
export const matchIdParam = idParam;
