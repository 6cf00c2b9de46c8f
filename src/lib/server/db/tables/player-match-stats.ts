import type { Generated, Selectable, Insertable } from 'kysely';
import type { Side } from './matches.ts';

/**
 * One player's line in one match: the numbers that counts, lists and rates read. The per-player JSON (weapons,
 * killers, kill times...) lives in player_match_details, one row per row of this table, written with it.
 */
export interface PlayerMatchStatsTable {
  match_id: number;
  steam_id: string;
  /** The registered team the player played for (by side), null for an unregistered team. */
  team_id: number | null;
  side: Side | null;
  name: string;
  /** Minutes connected inside the match window. */
  playtime: Generated<number>;
  kills: Generated<number>;
  deaths: Generated<number>;
  teamkills: Generated<number>;
  suicides: Generated<number>;
  kpm: Generated<number>;
  dpm: Generated<number>;
  cpm: Generated<number>;
  spm: Generated<number>;
  max_streak: Generated<number>;
  combat_points: Generated<number>;
  offensive_points: Generated<number>;
  defensive_points: Generated<number>;
  support_points: Generated<number>;
  streamer: string | null;
  side_percentile: number | null;
  all_percentile: number | null;
}
export type PlayerMatchStatsRow = Selectable<PlayerMatchStatsTable>;
export type NewPlayerMatchStats = Insertable<PlayerMatchStatsTable>;
