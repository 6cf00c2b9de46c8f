import type { DB } from '#lib/server/db/index.ts';

/** Stores a session by the hash of its token. */
export async function insertSession(
  db: DB,
  values: { tokenHash: string; userId: number; expiresAt: Date; userAgent: string | null },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      token_hash: values.tokenHash,
      user_id: values.userId,
      expires_at: values.expiresAt,
      user_agent: values.userAgent,
    })
    .execute();
}

/** Deletes the session with this id; true when it existed. */
export async function deleteSessionById(db: DB, id: number): Promise<boolean> {
  const result = await db.deleteFrom('sessions').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Deletes every expired session (housekeeping at sign-in). */
export async function deleteExpiredSessions(db: DB, now = new Date()): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
}
