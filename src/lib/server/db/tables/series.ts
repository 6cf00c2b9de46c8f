import type { Generated, Selectable, Insertable, Updateable } from 'kysely';
import type { Json } from './json.ts';

export interface SeriesTable {
  id: Generated<number>;
  tag: string;
  name: string;
  is_current: Generated<boolean>;
  rating_mu: Generated<number>;
  rating_sigma: Generated<number>;
  rating_beta: Generated<number>;
  rating_tau: Generated<number>;
  /** Daily variance growth while a team does not play (see inflateSigma); 0 is off. */
  rating_gamma: Generated<number>;
  rating_draw_probability: Generated<number>;
  /** 'trueskill' or 'sector' (ordered-probit sector score). */
  rating_model: Generated<string>;
  sector_thresholds: Json | null;
  ranked_after_matches: Generated<number>;
  /** A rating pass posted matches whose refresh (skills, percentiles, statistics) has not committed yet. */
  derived_stale: Generated<boolean>;
  /** A posted match was deleted and the full recompute of the series has not committed yet. */
  ratings_stale: Generated<boolean>;
  created_at: Generated<Date>;
}
export type SeriesRow = Selectable<SeriesTable>;
export type NewSeries = Insertable<SeriesTable>;
export type SeriesUpdate = Updateable<SeriesTable>;
