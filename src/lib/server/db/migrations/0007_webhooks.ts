import { sql, type Kysely } from 'kysely';

/**
 * Discord webhooks per series and their outbox. An event (a match posted or disputed, a team reaching the ranking)
 * is written to `webhook_outbox`, one row per webhook, in the same transaction as the change that caused it; the
 * delivery worker claims rows with FOR UPDATE SKIP LOCKED, so several instances deliver each row once.
 * `event_key` is unique per webhook: an event enqueued twice (two instances racing) is stored once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('webhooks')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('series_id', 'integer', (c) => c.notNull().references('series.id').onDelete('cascade'))
    // A secret (it lets anyone post to the channel): never shown or logged; `discord_id` and `hint` are what lists show.
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('discord_id', 'text', (c) => c.notNull())
    .addColumn('hint', 'text', (c) => c.notNull())
    .addColumn('created_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('webhooks_series_url', ['series_id', 'url'])
    .execute();
  await db.schema.createIndex('webhooks_fk_created_by_user_id').on('webhooks').column('created_by_user_id').execute();

  await db.schema
    .createTable('webhook_outbox')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('webhook_id', 'integer', (c) => c.notNull().references('webhooks.id').onDelete('cascade'))
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('event_key', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    // pending -> delivered | failed (gave up)
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // Set while one instance is posting the row; a crashed instance's claim expires.
    .addColumn('locked_until', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('delivered_at', 'timestamptz')
    .addUniqueConstraint('webhook_outbox_event', ['webhook_id', 'event_key'])
    .execute();
  await sql`create index webhook_outbox_due on webhook_outbox (next_attempt_at, id) where status = 'pending'`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhook_outbox').ifExists().execute();
  await db.schema.dropTable('webhooks').ifExists().execute();
}
