import type { Kysely } from 'kysely';

/**
 * series.derived_stale: set by the transaction of a rating pass that posted matches, cleared by the refresh of the
 * series' skills, percentiles and statistics that follows it. A process stopped between the two leaves it set, and
 * the next start refreshes the series.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('series')
    .addColumn('derived_stale', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('series').dropColumn('derived_stale').execute();
}
