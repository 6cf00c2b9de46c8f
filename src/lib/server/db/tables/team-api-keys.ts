import type { Generated, Selectable } from 'kysely';

export interface TeamApiKeysTable {
  team_id: number;
  /** SHA-256 of the key; the key is shown once and never stored. */
  key_hash: string;
  /** First characters of the key, so that a manager can recognise it. */
  key_prefix: string;
  created_by_user_id: number | null;
  created_at: Generated<Date>;
  last_used_at: Date | null;
}
export type TeamApiKeyRow = Selectable<TeamApiKeysTable>;
