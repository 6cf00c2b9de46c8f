import type { DB } from '#lib/server/db/index.ts';
import { MATCH_RATING_COLUMNS, type MatchRatingWrite } from '#lib/server/repositories/ratings.ts';

/** A rated match with its pre-match probability and both teams' ratings before and after (none null). */
export type PredictionRow = { [K in keyof MatchRatingWrite]: NonNullable<MatchRatingWrite[K]> } & {
  date: Date;
  winner_tag: string;
  loser_tag: string;
  result: string;
  type: string;
};

/** The series' posted matches that changed ratings, in rating order (date, then id). */
export async function listPredictions(db: DB, seriesId: number): Promise<PredictionRow[]> {
  const rows = await db
    .selectFrom('matches')
    .select(['id', 'date', 'winner_tag', 'loser_tag', 'result', 'type', ...MATCH_RATING_COLUMNS])
    .where('series_id', '=', seriesId)
    .where('calculation_status', '=', 'posted')
    .where('win_probability', 'is not', null)
    .orderBy('date')
    .orderBy('id')
    .execute();
  // Every rating column is written together with win_probability, so none is null here.
  return rows as PredictionRow[];
}
