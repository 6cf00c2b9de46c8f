import type { Generated, Selectable } from 'kysely';

export interface RatingHistoryTable {
  id: Generated<number>;
  series_id: number;
  team_id: number;
  match_id: number;
  date: Date;
  mu: number;
  sigma: number;
  num_matches: number;
}
export type RatingHistoryRow = Selectable<RatingHistoryTable>;
