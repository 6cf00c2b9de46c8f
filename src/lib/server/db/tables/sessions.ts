import type { Generated, Selectable } from 'kysely';

export interface SessionsTable {
  id: Generated<number>;
  /** SHA-256 of the session token; the token itself is never stored. */
  token_hash: string;
  user_id: number;
  created_at: Generated<Date>;
  expires_at: Date;
  last_seen_at: Generated<Date>;
  user_agent: string | null;
}
export type SessionRow = Selectable<SessionsTable>;
