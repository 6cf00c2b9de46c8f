import { z } from 'zod';
import { plainText } from './text.ts';

/** A player id: a 17-digit SteamID64 or a 32-hex EOS id. */
export const steamIdParam = z
  .string()
  .regex(/^(\d{17}|[0-9a-fA-F]{32})$/, 'must be a 17-digit Steam id or a 32-character hex id');

/** One hit of GET /v3/series/{series}/players?query=. */
export const playerSearchResultSchema = z.object({
  compMatchesCount: z.number().int().nonnegative(),
  eventMatchesCount: z.number().int().nonnegative(),
  name: z.string(),
  steamId: z.string(),
  aliases: z.array(z.string()),
});
export type PlayerSearchResult = z.infer<typeof playerSearchResultSchema>;
export const playerSearchSchema = z.array(playerSearchResultSchema);

/** A row of the players page: a search result (or a most active player) with its team and when last seen. */
export interface PlayerListRow extends PlayerSearchResult {
  /** The registered team played for most in the series' public matches; null: none. */
  team: string | null;
  lastSeen: string | null;
}

export const PLAYER_SEARCH_LIMIT = 25;
/** Query of the player search: trimmed; empty means no results. */
export const playerSearchQuerySchema = z.object({
  query: plainText()
    .max(100, 'must be at most 100 characters')
    .optional()
    .transform((q) => (q ?? '').trim()),
});

/** A player's skill in one game type of the series. */
export const playerGameSchema = z.object({
  matches: z.number().int().nonnegative(),
  x_bar: z.array(z.number()),
  s: z.array(z.number()).nullable(),
  skill_vector: z.array(z.number()).nullable(),
  weapon_stats: z.record(z.string(), z.unknown()),
  role_stats: z.record(z.string(), z.unknown()),
});
export type PlayerGame = z.infer<typeof playerGameSchema>;

/** A team a player played for in the series, with the number of (public) matches. */
export const playerTeamSchema = z.object({
  tag: z.string(),
  name: z.string(),
  icon: z.string().nullable(),
  matches: z.number().int(),
});

/**
 * GET /v3/series/{series}/players/{steamId}: detail and profile in one. `name` is the primary name when set,
 * else the last-seen steam_name; `owned` is true when the caller has claimed the profile.
 */
export const playerDetailSchema = z.object({
  steam_id: z.string(),
  steam_name: z.string(),
  name: z.string(),
  aliases: z.array(z.string()),
  games: z.object({
    competitive: playerGameSchema.optional(),
    event: playerGameSchema.optional(),
    friendly: playerGameSchema.optional(),
  }),
  /** Public matches of the series the player played, whichever team they played for (the teams' sum or more). */
  matches_played: z.number().int(),
  teams: z.array(playerTeamSchema),
  claimed: z.boolean(),
  owned: z.boolean(),
  visibility: z.enum(['public', 'private']),
  private: z.boolean(),
});
export type PlayerDetail = z.infer<typeof playerDetailSchema>;
