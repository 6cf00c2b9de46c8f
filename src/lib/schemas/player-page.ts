import { z } from 'zod';
import { playerDetailSchema } from './player.ts';
import { ownedProfileSchema } from './claim.ts';

/** The game types a player's skill is measured in, in the order pages show them. */
export const GAME_TYPES = ['competitive', 'event', 'friendly'] as const;
export type GameType = (typeof GAME_TYPES)[number];

/**
 * Where a player's rates stand among the series' public players of one game type who played at least the skill
 * population's minimum of matches: the share (0..100) of those players the player does better than, with ties
 * counted half (fewer deaths is better). Null when the player has no rates or nobody else qualifies.
 */
export const statPercentilesSchema = z.object({
  population: z.number().int().nonnegative(),
  kpm: z.number().min(0).max(100),
  dpm: z.number().min(0).max(100),
  spm: z.number().min(0).max(100),
  cpm: z.number().min(0).max(100),
});
export type StatPercentiles = z.infer<typeof statPercentilesSchema>;

/** One of the player's recent public matches with the player's own line in it. */
export const playerRecentMatchSchema = z.object({
  match_id: z.number().int(),
  date: z.string(),
  type: z.enum(GAME_TYPES),
  map: z.string(),
  result: z.string(),
  /** The tag the player played for (as reported) and the opponent's. */
  team: z.string().nullable(),
  opponent: z.string().nullable(),
  won: z.boolean().nullable(),
  side: z.enum(['Allies', 'Axis']).nullable(),
  kills: z.number(),
  deaths: z.number(),
  kpm: z.number(),
  dpm: z.number(),
  spm: z.number(),
  cpm: z.number(),
  playtime: z.number(),
  all_percentile: z.number().nullable(),
});
export type PlayerRecentMatch = z.infer<typeof playerRecentMatchSchema>;

/** Kills with the weapons of one category, most kills first. */
export const weaponCategorySchema = z.object({
  category: z.string(),
  kills: z.number(),
  share: z.number(),
  weapons: z.array(z.object({ name: z.string(), kills: z.number(), share: z.number() })),
});
export type WeaponCategory = z.infer<typeof weaponCategorySchema>;

/** A role the player played: in how many matches and for how many minutes. */
export const roleLineSchema = z.object({ role: z.string(), matches: z.number(), minutes: z.number() });
export type RoleLine = z.infer<typeof roleLineSchema>;

/** What the player page shows about one game type. */
export const playerGameViewSchema = z.object({
  type: z.enum(GAME_TYPES),
  matches: z.number().int().nonnegative(),
  /** [kpm, dpm, spm, cpm]; null when the player has no playtime in this game type. */
  x_bar: z.array(z.number()).nullable(),
  s: z.array(z.number()).nullable(),
  skill_vector: z.array(z.number()).nullable(),
  percentiles: statPercentilesSchema.nullable(),
  weapons: z.array(weaponCategorySchema),
  roles: z.array(roleLineSchema),
});
export type PlayerGameView = z.infer<typeof playerGameViewSchema>;

/** Everything /statistics/players/{steamId} shows. */
export const playerPageSchema = z.object({
  player: playerDetailSchema,
  games: z.array(playerGameViewSchema),
  recent: z.array(playerRecentMatchSchema),
  /** The signed-in visitor's claim of this player (any status), for the claim controls; null: none. */
  myClaim: ownedProfileSchema.nullable(),
});
export type PlayerPage = z.infer<typeof playerPageSchema>;
