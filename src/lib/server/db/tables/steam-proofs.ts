import type { Generated, Selectable } from 'kysely';

/** A Steam sign-in in flight: it proves a Steam id for `user_id` once Steam vouches for it. */
export interface SteamProofsTable {
  /** SHA-256 of the state carried in the return address. */
  state_hash: string;
  user_id: number;
  redirect_uri: string;
  created_at: Generated<Date>;
  expires_at: Date;
}
export type SteamProofRow = Selectable<SteamProofsTable>;
