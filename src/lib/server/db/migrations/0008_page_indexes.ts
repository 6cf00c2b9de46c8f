import { sql, type Kysely } from 'kysely';

/**
 * Indexes found with EXPLAIN ANALYZE behind the pages (issue 15) on the demo community on PostgreSQL:
 * - counting a series' public matches (home, statistics, match lists) scanned the wide matches rows of every
 *   series: (series_id, visibility, date) answers the count from the index alone (3.4 ms -> 0.3 ms);
 * - a team's players (team page: counts and lists) visited each of the team's wide player_match_stats rows (their
 *   kill and weapon JSON): covering match_id and steam_id answers from the index alone (9.5 ms -> 0.3 ms for the
 *   busiest team's rows).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index matches_series_visibility_date on matches (series_id, visibility, date)`.execute(db);
  await sql`create index player_match_stats_team_match on player_match_stats (team_id, match_id) include (steam_id)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('player_match_stats_team_match').ifExists().execute();
  await db.schema.dropIndex('matches_series_visibility_date').ifExists().execute();
}
