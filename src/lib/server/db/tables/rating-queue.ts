/** A queued match of a series, kept by triggers on matches (migration 0018) and cleared by the series' rating pass. */
export interface RatingQueueTable {
  series_id: number;
  match_id: number;
}
