import type { Kysely } from 'kysely';

/**
 * An index led by every foreign key column that had none. Deleting or re-keying a referenced row (a series, a
 * team, a user, a match) makes PostgreSQL look up the referencing rows; without an index each lookup scans the
 * whole table, and deleting a big series (its rating_history by match_id) ran for minutes.
 */
const FOREIGN_KEYS: readonly [table: string, column: string][] = [
  ['audit_log', 'actor_team_id'],
  ['audit_log', 'actor_user_id'],
  ['log_uploads', 'uploaded_by_team_id'],
  ['log_uploads', 'uploaded_by_user_id'],
  ['matches', 'approved_by_user_id'],
  ['matches', 'disputed_by_user_id'],
  ['matches', 'submitted_by_team_id'],
  ['matches', 'submitted_by_user_id'],
  ['player_skills', 'steam_id'],
  ['rating_history', 'match_id'],
  ['rating_history', 'team_id'],
  ['sessions', 'user_id'],
  ['team_api_keys', 'created_by_user_id'],
  ['team_managers', 'team_id'],
  ['team_previous_tags', 'team_id'],
  ['team_ratings', 'team_id'],
  ['team_registration_requests', 'decided_by_user_id'],
  ['team_registration_requests', 'team_id'],
  ['team_registration_requests', 'user_id'],
  ['tournaments', 'series_id'],
];

const indexName = (table: string, column: string) => `${table}_fk_${column}`;

export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, column] of FOREIGN_KEYS)
    await db.schema.createIndex(indexName(table, column)).on(table).column(column).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [table, column] of FOREIGN_KEYS) await db.schema.dropIndex(indexName(table, column)).ifExists().execute();
}
