import type { Kysely } from 'kysely';

/**
 * Keeps the fields a reporter gave instead of what the log said (result, map, date, victor_side, duration), so that
 * `hss matches reparse` can re-parse the stored log with a newer parser and still apply them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('matches').addColumn('report_overrides', 'jsonb').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('matches').dropColumn('report_overrides').execute();
}
