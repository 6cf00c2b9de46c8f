import { z } from 'zod';
import { pageMetaSchema, pagingQuery, booleanParam, timestampSchema } from './meta.ts';
import { plainText } from './text.ts';

/** A team tag: 1-16 visible characters without slashes or whitespace (clan tags use brackets and symbols). */
export const teamTagSchema = plainText()
  .trim()
  .min(1, 'must not be empty')
  .max(16, 'must be at most 16 characters')
  .regex(/^[^\s/\\?#%]+$/, 'must not contain spaces, slashes, ?, # or %');

export const teamNameSchema = plainText().trim().min(1, 'must not be empty').max(64, 'must be at most 64 characters');

// ---- Read API shapes (GET /v3/series/{series}/teams...) ----

/** 'ranked' once a team has played the series' ranked_after_matches, else 'pending'. */
export const rankingSchema = z.enum(['ranked', 'pending']);

/** A team of a series with its rating: score = mu - 3*sigma; rank is the position in the whole ordering from 1. */
export const teamSchema = z.object({
  tag: z.string(),
  name: z.string(),
  mu: z.number(),
  sigma: z.number(),
  score: z.number(),
  last_updated: timestampSchema.nullable(),
  icon: z.string().nullable(),
  previous_tags: z.array(z.object({ tag: z.string(), until: timestampSchema })),
  invite: z.string().nullable(),
  num_matches: z.number().int().nonnegative(),
  wins: z.number().int().nonnegative(),
  losses: z.number().int().nonnegative(),
  discord_role_id: z.string().nullable(),
  inactive: z.boolean(),
  rank: z.number().int().positive(),
  ranking: rankingSchema,
});
export type Team = z.infer<typeof teamSchema>;

/** GET /v3/series/{series}/teams: the page of teams (the total is in the X-Total-Count header). */
export const teamListSchema = z.array(teamSchema);

/** One point of a team's rating chart: its rating after a match. */
export const ratingPointSchema = z.object({
  match_id: z.number().int(),
  date: timestampSchema,
  mu: z.number(),
  sigma: z.number(),
  score: z.number(),
  num_matches: z.number().int(),
});
export type RatingPoint = z.infer<typeof ratingPointSchema>;

/** GET /v3/series/{series}/teams/{tag}: the team plus its rating history, oldest first. */
export const teamDetailSchema = teamSchema.extend({ rating_history: z.array(ratingPointSchema) });
export type TeamDetail = z.infer<typeof teamDetailSchema>;

/** A player who played for a team; the first alias is the name to show. */
export const teamPlayerSchema = z.object({ aliases: z.array(z.string()), steam_id: z.string() });
export type TeamPlayer = z.infer<typeof teamPlayerSchema>;

/** GET /v3/series/{series}/teams/{tag}/players. */
export const teamPlayersSchema = z.object({ players: z.array(teamPlayerSchema), meta: pageMetaSchema });
export type TeamPlayers = z.infer<typeof teamPlayersSchema>;

export const TEAM_LIST_DEFAULT_LIMIT = 100;
export const TEAM_PLAYERS_PAGE_SIZE = 25;

/** Query of GET .../teams: paging and inactiveOnly=true for the inactive teams. */
export const teamListQuerySchema = pagingQuery(TEAM_LIST_DEFAULT_LIMIT).extend({
  inactiveOnly: booleanParam.optional().transform((v) => v ?? false),
});
export type TeamListQuery = z.infer<typeof teamListQuerySchema>;

/** Query of GET .../teams/{tag}/players. */
export const teamPlayersQuerySchema = pagingQuery(TEAM_PLAYERS_PAGE_SIZE);
