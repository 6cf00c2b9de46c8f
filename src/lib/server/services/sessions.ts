import type { DB } from '#lib/server/db/index.ts';
import type { Actor } from '#lib/server/auth/actor.ts';
import { getConfig } from '#lib/server/config.ts';
import { hashSecret, randomToken } from '#lib/server/auth/tokens.ts';
import { deleteExpiredSessions, deleteSessionById, insertSession } from '#lib/server/repositories/sessions.ts';

export interface NewSession {
  /** The secret for the cookie; only its SHA-256 is stored. */
  token: string;
  expiresAt: Date;
}

/** Opens a session for the user lasting SESSION_DAYS. Call inside the sign-in transaction. */
export async function createSession(
  db: DB,
  userId: number,
  userAgent: string | null,
  now = new Date(),
): Promise<NewSession> {
  const token = randomToken(32);
  const expiresAt = new Date(now.getTime() + getConfig().sessionDays * 86_400_000);
  await deleteExpiredSessions(db, now);
  await insertSession(db, {
    tokenHash: hashSecret(token),
    userId,
    expiresAt,
    userAgent: userAgent?.slice(0, 300) ?? null,
  });
  return { token, expiresAt };
}

/** Ends the session the actor signed in with (no-op for other actors). */
export async function endSession(db: DB, actor: Actor): Promise<void> {
  if (actor.kind === 'user' && actor.sessionId !== null) await deleteSessionById(db, actor.sessionId);
}
