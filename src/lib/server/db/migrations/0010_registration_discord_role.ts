import type { Kysely } from 'kysely';

/**
 * A registration request may name the Discord role whose members manage the team (spec section 7 "Teams"); an
 * admin's approval copies it onto the team it creates.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('team_registration_requests').addColumn('discord_role_id', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('team_registration_requests').dropColumn('discord_role_id').execute();
}
