import { sql } from 'kysely';
import type { DB } from '#lib/server/db/index.ts';
import { jsonText } from '#lib/server/db/json-text.ts';

/** Stores the statistics document of a series (series_statistics.data). */
export async function storeSeriesStatistics(db: DB, seriesId: number, data: unknown): Promise<void> {
  await db
    .insertInto('series_statistics')
    .values({ series_id: seriesId, data: jsonText(data) })
    .onConflict((oc) => oc.column('series_id').doUpdateSet({ data: jsonText(data), updated_at: sql`now()` }))
    .execute();
}
