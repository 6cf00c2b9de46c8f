import type { Selectable, Insertable } from 'kysely';
import type { JsonWithDefault } from './json.ts';

/**
 * The per-player JSON of one match, one row per player_match_stats row (same key, deleted with it). Every stats
 * row has its details row: both are written in the same statement. Read only where the details are shown (the
 * match page and API) or summed (the skills refresh), so that counts and lists over the stats rows stay narrow.
 */
export interface PlayerMatchDetailsTable {
  match_id: number;
  steam_id: string;
  /** Every name the player used in the match. */
  aliases: JsonWithDefault<string[]>;
  /** Enemy kills by weapon ('None' when the log names no weapon). */
  weapons: JsonWithDefault<Record<string, number>>;
  /** The role held at match start (at 0), then each change. */
  roles: JsonWithDefault<unknown[]>;
  /** Squad memberships with their times. */
  squads: JsonWithDefault<unknown[]>;
  /** Times killed by each player (player id -> count; suicides not included). */
  killers: JsonWithDefault<Record<string, number>>;
  /** Players this player killed (player id -> count; enemies and teammates). */
  victims: JsonWithDefault<Record<string, number>>;
  /** Seconds from match start of each enemy kill. */
  kill_events: JsonWithDefault<number[]>;
}
export type PlayerMatchDetailsRow = Selectable<PlayerMatchDetailsTable>;
export type NewPlayerMatchDetails = Insertable<PlayerMatchDetailsTable>;
