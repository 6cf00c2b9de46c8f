import type { Kysely } from 'kysely';

/**
 * Recognises one game reported twice (two export formats, or both teams uploading): `game_key` is a hash of the
 * match's player ids and their kill times (seconds from the start, the same in every format), indexed for the
 * lookup a report makes; `matches_map_date` serves the other test, the same map started within a few minutes.
 * Matches stored before this migration keep a null key until a re-parse writes it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('matches').addColumn('game_key', 'text').execute();
  await db.schema.createIndex('matches_game_key').on('matches').column('game_key').execute();
  await db.schema.createIndex('matches_map_date').on('matches').columns(['map', 'date']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('matches_map_date').ifExists().execute();
  await db.schema.dropIndex('matches_game_key').ifExists().execute();
  await db.schema.alterTable('matches').dropColumn('game_key').execute();
}
