import type { Generated, Selectable } from 'kysely';

export interface ProfileClaimsTable {
  steam_id: string;
  user_id: number;
  created_at: Generated<Date>;
}
export type ProfileClaimRow = Selectable<ProfileClaimsTable>;
