import type { Generated, Selectable } from 'kysely';
import type { Json } from './json.ts';

/** One refit of a series' rating parameters (see migration 0005). */
export interface SeriesRatingFitsTable {
  id: Generated<number>;
  series_id: number;
  at: Generated<Date>;
  /** 'auto' (after newly rated matches) or 'cli' (`hss ratings fit`). */
  trigger: string;
  /** Rated matches of the series when the fit ran. */
  rated_matches: number;
  train_matches: number;
  held_out_matches: number;
  /** The parameters in force and the fitted candidate (StoredModel). */
  previous: Json;
  candidate: Json;
  /** Held-out log-likelihood of the winners under each. */
  previous_log_lik: number;
  candidate_log_lik: number;
  adopted: boolean;
}
export type SeriesRatingFitRow = Selectable<SeriesRatingFitsTable>;
