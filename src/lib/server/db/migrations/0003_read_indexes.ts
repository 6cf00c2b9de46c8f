import { sql, type Kysely } from 'kysely';

/**
 * Indexes for the public read API. A player's teams (player detail) are counted from their player_match_stats
 * rows; covering team_id lets the database answer from the index without visiting each row.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index player_match_stats_player_team on player_match_stats (steam_id, match_id) include (team_id)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('player_match_stats_player_team').ifExists().execute();
}
