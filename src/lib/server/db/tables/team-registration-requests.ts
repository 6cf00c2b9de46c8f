import type { Generated, Selectable } from 'kysely';

export type RegistrationStatus = 'pending' | 'accepted' | 'rejected';

export interface TeamRegistrationRequestsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  tag: string;
  icon: string | null;
  invite: string | null;
  contact: string | null;
  /** The Discord role whose members will manage the team (migration 0005). */
  discord_role_id: string | null;
  status: Generated<RegistrationStatus>;
  decided_by_user_id: number | null;
  decided_at: Date | null;
  decision_reason: string | null;
  team_id: number | null;
  created_at: Generated<Date>;
}
export type TeamRegistrationRequestRow = Selectable<TeamRegistrationRequestsTable>;
