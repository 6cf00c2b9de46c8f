import type { Generated, Selectable } from 'kysely';

export interface TeamManagersTable {
  user_id: number;
  team_id: number;
  /** 'grant' (explicit), 'discord_role' (refreshed at sign-in) or 'registration' (accepted request). */
  source: Generated<string>;
  created_at: Generated<Date>;
}
export type TeamManagerRow = Selectable<TeamManagersTable>;
