import type { Generated, Selectable, Insertable } from 'kysely';
import type { Json } from './json.ts';
import type { Side } from './matches.ts';

export interface PlayerMatchStatsTable {
  match_id: number;
  steam_id: string;
  /** The registered team the player played for (by side), null for an unregistered team. */
  team_id: number | null;
  side: Side | null;
  name: string;
  aliases: Generated<Json<string[]>>;
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
  weapons: Generated<Json<Record<string, number>>>;
  roles: Generated<Json<unknown[]>>;
  squads: Generated<Json<unknown[]>>;
  killers: Generated<Json<Record<string, number>>>;
  victims: Generated<Json<Record<string, number>>>;
  kill_events: Generated<Json<number[]>>;
  streamer: string | null;
  side_percentile: number | null;
  all_percentile: number | null;
}
export type PlayerMatchStatsRow = Selectable<PlayerMatchStatsTable>;
export type NewPlayerMatchStats = Insertable<PlayerMatchStatsTable>;
