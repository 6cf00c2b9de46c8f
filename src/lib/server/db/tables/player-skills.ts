import type { Generated, Selectable } from 'kysely';
import type { Json, JsonWithDefault } from './json.ts';
import type { MatchType } from './matches.ts';

export interface PlayerSkillsTable {
  series_id: number;
  steam_id: string;
  game_type: MatchType;
  matches: number;
  /** Time-weighted mean of [kpm, dpm, spm, cpm]. */
  x_bar: Json<number[]>;
  s: Json<number[]> | null;
  skill_vector: Json<number[]> | null;
  weapon_stats: JsonWithDefault<Record<string, unknown>>;
  role_stats: JsonWithDefault<Record<string, unknown>>;
  updated_at: Generated<Date>;
}
export type PlayerSkillRow = Selectable<PlayerSkillsTable>;
