import type { Kysely } from 'kysely';

/**
 * webhook_outbox.claimed_by: the instance (db/changes.ts) holding a message's claim. A claim of an instance that is
 * gone (killed while posting) is taken over at once instead of after its lease (repositories/webhooks.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('webhook_outbox').addColumn('claimed_by', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('webhook_outbox').dropColumn('claimed_by').execute();
}
