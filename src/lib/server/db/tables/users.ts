import type { Generated, Selectable, Insertable } from 'kysely';

export interface UsersTable {
  id: Generated<number>;
  discord_id: string;
  name: string;
  avatar: string | null;
  created_at: Generated<Date>;
  last_login_at: Date | null;
}
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
