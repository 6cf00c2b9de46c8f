import { sql, type Kysely } from 'kysely';

/**
 * Per-series rating dynamics and the history of automatic model fits.
 * - series.rating_gamma: a team's rating variance grows by gamma^2 per day it does not play (0: off, the old
 *   behaviour, so existing series keep their numbers).
 * - series_rating_fits: every refit of a series' parameters (automatic or `hss ratings fit`): the parameters in
 *   force and the candidate, both held-out log-likelihoods and whether the candidate was adopted.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('series')
    .addColumn('rating_gamma', 'float8', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('series_rating_fits')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('series_id', 'integer', (c) => c.notNull().references('series.id').onDelete('cascade'))
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('rated_matches', 'integer', (c) => c.notNull())
    .addColumn('train_matches', 'integer', (c) => c.notNull())
    .addColumn('held_out_matches', 'integer', (c) => c.notNull())
    .addColumn('previous', 'jsonb', (c) => c.notNull())
    .addColumn('candidate', 'jsonb', (c) => c.notNull())
    .addColumn('previous_log_lik', 'float8', (c) => c.notNull())
    .addColumn('candidate_log_lik', 'float8', (c) => c.notNull())
    .addColumn('adopted', 'boolean', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('series_rating_fits_series')
    .on('series_rating_fits')
    .columns(['series_id', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('series_rating_fits').ifExists().execute();
  await db.schema.alterTable('series').dropColumn('rating_gamma').execute();
}
