import type { Kysely } from 'kysely';

/**
 * series.ratings_stale: set by the transaction that deletes a posted match of the series (every later rating moved),
 * cleared by the full recompute of the series that follows it. A process stopped between the two leaves it set, and
 * the next start recomputes the series (ratings, skills, percentiles, statistics).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('series')
    .addColumn('ratings_stale', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('series').dropColumn('ratings_stale').execute();
}
