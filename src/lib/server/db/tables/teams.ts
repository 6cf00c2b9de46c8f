import type { Generated, Selectable, Insertable, Updateable } from 'kysely';

export interface TeamsTable {
  id: Generated<number>;
  tag: string;
  name: string;
  icon: string | null;
  invite: string | null;
  discord_role_id: string | null;
  inactive: Generated<boolean>;
  deleted_at: Date | null;
  created_at: Generated<Date>;
}
export type TeamRow = Selectable<TeamsTable>;
export type NewTeam = Insertable<TeamsTable>;
export type TeamUpdate = Updateable<TeamsTable>;
