import type { Generated, Selectable, Insertable } from 'kysely';

export interface TeamRatingsTable {
  series_id: number;
  team_id: number;
  mu: number;
  sigma: number;
  num_matches: Generated<number>;
  wins: Generated<number>;
  losses: Generated<number>;
  last_updated: Date | null;
  /** Hidden true strength of a generated demo team; never exposed by the API. */
  true_strength: number | null;
}
export type TeamRatingRow = Selectable<TeamRatingsTable>;
export type NewTeamRating = Insertable<TeamRatingsTable>;
