import { sql } from 'kysely';
import type { DB } from '#lib/server/db/index.ts';
import { json } from '#lib/server/db/json.ts';

/** Stores the statistics document of a series (series_statistics.data). */
export async function storeSeriesStatistics(db: DB, seriesId: number, data: unknown): Promise<void> {
  await db
    .insertInto('series_statistics')
    .values({ series_id: seriesId, data: json(data) })
    .onConflict((oc) => oc.column('series_id').doUpdateSet({ data: json(data), updated_at: sql`now()` }))
    .execute();
}
