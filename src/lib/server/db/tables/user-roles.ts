import type { Generated, Selectable } from 'kysely';

export type Role = 'ADMIN' | 'USER' | 'TEAM_MANAGER';
export const ROLES: readonly Role[] = ['ADMIN', 'USER', 'TEAM_MANAGER'];

export interface UserRolesTable {
  user_id: number;
  role: Role;
  /** 'grant' (CLI or admin) or 'config' (ADMIN_DISCORD_IDS). */
  source: Generated<string>;
  created_at: Generated<Date>;
}
export type UserRoleRow = Selectable<UserRolesTable>;
