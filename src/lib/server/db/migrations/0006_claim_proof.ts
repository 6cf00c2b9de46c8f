import { sql, type Kysely } from 'kysely';

/**
 * A claim takes effect only when proved (issue 17 item 7): by signing in with Steam, or by the approval of an admin
 * or of a manager of a team the player played for. Until then it is 'pending' and the profile stays as it was.
 * Several users may wait on the same profile (a stranger's claim must not block its owner), but only one claim per
 * profile can be approved. Claims made before this migration took effect at once and stay approved.
 * `steam_proofs` holds a Steam sign-in in flight: the hash of its state, the user it proves an id for, where to
 * come back to and until when.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('profile_claims')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('approved'))
    .execute();
  await sql`alter table profile_claims alter column status set default 'pending'`.execute(db);
  await db.schema
    .alterTable('profile_claims')
    .addCheckConstraint('profile_claims_status', sql`status in ('pending', 'approved', 'rejected')`)
    .execute();
  // 'steam' (proved by a Steam sign-in), 'review' (decided by an admin or manager), null (before this migration).
  await db.schema.alterTable('profile_claims').addColumn('proof', 'text').execute();
  await db.schema
    .alterTable('profile_claims')
    .addColumn('decided_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('profile_claims').addColumn('decided_at', 'timestamptz').execute();
  await sql`alter table profile_claims drop constraint profile_claims_pkey`.execute(db);
  await sql`alter table profile_claims add primary key (steam_id, user_id)`.execute(db);
  await db.schema
    .createIndex('profile_claims_one_owner')
    .unique()
    .on('profile_claims')
    .column('steam_id')
    .where(sql.ref('status'), '=', 'approved')
    .execute();
  await db.schema
    .createIndex('profile_claims_fk_decided_by_user_id')
    .on('profile_claims')
    .column('decided_by_user_id')
    .execute();

  await db.schema
    .createTable('steam_proofs')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('redirect_uri', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('steam_proofs_fk_user_id').on('steam_proofs').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('steam_proofs').ifExists().execute();
  await db.deleteFrom('profile_claims').where('status', '!=', 'approved').execute();
  await db.schema.dropIndex('profile_claims_one_owner').ifExists().execute();
  await sql`alter table profile_claims drop constraint profile_claims_pkey`.execute(db);
  await sql`alter table profile_claims add primary key (steam_id)`.execute(db);
  await db.schema.alterTable('profile_claims').dropConstraint('profile_claims_status').execute();
  for (const column of ['decided_at', 'decided_by_user_id', 'proof', 'status'])
    await db.schema.alterTable('profile_claims').dropColumn(column).execute();
}
