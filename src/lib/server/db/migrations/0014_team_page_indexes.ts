import { sql, type Kysely } from 'kysely';

/**
 * Indexes behind the team page (issue 15), found with EXPLAIN (ANALYZE, BUFFERS) on the demo community on
 * PostgreSQL. The matches rows are wide (kill statistics and sector flips, ~1.6 KB), so every plan that had to
 * visit all of a series' rows read the whole table (651 pages of the demo's):
 * - a team's matches are found by its id or by the tag as reported (`lower(winner_tag)`, `lower(loser_tag)`): with
 *   the tags indexed too, counting and listing them combines four index scans (651 -> 60 pages);
 * - the ids of a series' public matches, which the team's players (and the series' player counts) join to, come
 *   from (series_id, visibility, id) alone (players of the busiest team with their total: 2 x 704 -> 61 pages).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index matches_winner_tag_lower on matches (lower(winner_tag))`.execute(db);
  await sql`create index matches_loser_tag_lower on matches (lower(loser_tag))`.execute(db);
  await sql`create index matches_series_visibility_id on matches (series_id, visibility, id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('matches_series_visibility_id').ifExists().execute();
  await db.schema.dropIndex('matches_loser_tag_lower').ifExists().execute();
  await db.schema.dropIndex('matches_winner_tag_lower').ifExists().execute();
}
