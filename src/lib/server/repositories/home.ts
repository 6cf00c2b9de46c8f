import type { DB } from '#lib/server/db/index.ts';

export interface LatestMatchRow {
  id: number;
  date: Date;
  winner_tag: string;
  loser_tag: string;
  result: string;
  map: string;
  type: string;
  calculation_status: string;
}

/** The newest public matches of the series. */
export function listLatestMatches(db: DB, seriesId: number, limit: number): Promise<LatestMatchRow[]> {
  return db
    .selectFrom('matches')
    .select(['id', 'date', 'winner_tag', 'loser_tag', 'result', 'map', 'type', 'calculation_status'])
    .where('series_id', '=', seriesId)
    .where('visibility', '=', 'public')
    .orderBy('date', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
