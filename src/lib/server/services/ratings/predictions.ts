/**
 * `hss ratings predictions`: every rated match of a series with the probability the site gave its winner before
 * the match and both teams' ratings before and after, as CSV or JSON.
 */
import type { DB } from '#lib/server/db/index.ts';
import { listPredictions, type PredictionRow } from '#lib/server/repositories/rating-predictions.ts';
import { MATCH_RATING_COLUMNS } from '#lib/server/repositories/ratings.ts';
import { requireSeries } from '#lib/server/services/series.ts';

/** The columns of the export, in order. */
export const PREDICTION_COLUMNS = [
  'match_id',
  'date',
  'winner',
  'loser',
  'result',
  'type',
  ...MATCH_RATING_COLUMNS,
] as const;

type PredictionRecord = Record<(typeof PREDICTION_COLUMNS)[number], string | number>;

function toRecord(r: PredictionRow): PredictionRecord {
  const { id, date, winner_tag, loser_tag, ...rest } = r;
  return { match_id: id, date: date.toISOString(), winner: winner_tag, loser: loser_tag, ...rest };
}

// RFC 4180: quote a field that holds a comma, a quote or a line break, doubling its quotes.
const csvField = (value: string | number): string => {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** The series' predictions as CSV (header line, one line per match, numbers at full precision) or JSON. */
export async function exportPredictions(db: DB, seriesTag: string, format: 'csv' | 'json'): Promise<string> {
  const series = await requireSeries(db, seriesTag);
  const records = (await listPredictions(db, series.id)).map(toRecord);
  if (format === 'json') return JSON.stringify(records, null, 2);
  return [
    PREDICTION_COLUMNS.join(','),
    ...records.map((r) => PREDICTION_COLUMNS.map((c) => csvField(r[c])).join(',')),
  ].join('\n');
}
