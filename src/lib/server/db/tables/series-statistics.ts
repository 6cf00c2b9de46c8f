import type { Generated, Selectable } from 'kysely';
import type { Json } from './json.ts';

export interface SeriesStatisticsTable {
  series_id: number;
  data: Json<Record<string, unknown>>;
  updated_at: Generated<Date>;
}
export type SeriesStatisticsRow = Selectable<SeriesStatisticsTable>;
