import type { Generated, Selectable } from 'kysely';

/** 'pending' waits for proof; only an 'approved' claim makes its user the profile's owner. */
export type ClaimStatus = 'pending' | 'approved' | 'rejected';
/** How a claim was decided: a Steam sign-in proved the id, or an admin or team manager reviewed it. */
export type ClaimProof = 'steam' | 'review';

export interface ProfileClaimsTable {
  steam_id: string;
  user_id: number;
  created_at: Generated<Date>;
  status: Generated<ClaimStatus>;
  proof: ClaimProof | null;
  decided_by_user_id: number | null;
  decided_at: Date | null;
}
export type ProfileClaimRow = Selectable<ProfileClaimsTable>;
