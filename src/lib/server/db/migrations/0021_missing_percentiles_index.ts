import { sql, type Kysely } from 'kysely';

/**
 * The refresh after every rating pass computes the in-match percentiles of the lines that still lack them. Finding
 * them read every line of the series: on PostgreSQL with 2,000 matches of 100 lines (`bench:skills`), the planner
 * checked each of the 200,000 lines against its match's lines, 4.7 s for one new match. Lines lacking percentiles
 * are a short queue (a posted match's lines, until the refresh that follows), so a partial index over just them
 * answers in under a millisecond and stays a few pages big.
 *
 * Percentile writes change an indexed predicate column, so they are no longer HOT; they rarely were, since a match's
 * lines are inserted together and fill their pages.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index player_match_stats_missing_percentiles on player_match_stats (match_id)
    where all_percentile is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('player_match_stats_missing_percentiles').ifExists().execute();
}
