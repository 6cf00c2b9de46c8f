/** The history of a series' rating-model fits (series_rating_fits). */
import type { DB } from '#lib/server/db/index.ts';
import { jsonText } from '#lib/server/db/json-text.ts';
import type { SeriesRatingFitRow } from '#lib/server/db/tables/series-rating-fits.ts';
import type { SeriesUpdate } from '#lib/server/db/tables/series.ts';

/** A fit to record (the stored parameters are plain JSON values). */
export interface NewRatingFit {
  series_id: number;
  trigger: 'auto' | 'cli';
  rated_matches: number;
  train_matches: number;
  held_out_matches: number;
  previous: unknown;
  candidate: unknown;
  previous_log_lik: number;
  candidate_log_lik: number;
  adopted: boolean;
}

/** Rated matches of the series at its latest fit, 0 when it was never fitted. */
export async function lastFitMatches(db: DB, seriesId: number): Promise<number> {
  const row = await db
    .selectFrom('series_rating_fits')
    .select('rated_matches')
    .where('series_id', '=', seriesId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.rated_matches ?? 0;
}

/** Records a fit. */
export async function insertRatingFit(db: DB, fit: NewRatingFit): Promise<void> {
  await db
    .insertInto('series_rating_fits')
    .values({ ...fit, previous: jsonText(fit.previous), candidate: jsonText(fit.candidate) })
    .execute();
}

/** The series' fits, newest first (at most `limit`). */
export function listRatingFits(db: DB, seriesId: number, limit = 20): Promise<SeriesRatingFitRow[]> {
  return db
    .selectFrom('series_rating_fits')
    .selectAll()
    .where('series_id', '=', seriesId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Sets the series' model columns. */
export async function updateSeriesModel(db: DB, seriesId: number, columns: SeriesUpdate): Promise<void> {
  await db.updateTable('series').set(columns).where('id', '=', seriesId).execute();
}
