import type { MatchType } from './matches.ts';

/**
 * Per series, player and game type with rates: the skill population's size and how many of its members the
 * player's rates lie below (deaths: above) or equal to (migration 0019; written by the skills refresh).
 */
export interface PlayerPercentilesTable {
  series_id: number;
  steam_id: string;
  game_type: MatchType;
  n: number;
  kpm_below: number;
  kpm_equal: number;
  dpm_above: number;
  dpm_equal: number;
  spm_below: number;
  spm_equal: number;
  cpm_below: number;
  cpm_equal: number;
}
