import type { Generated, Selectable } from 'kysely';

export interface OauthStatesTable {
  /** SHA-256 of the OAuth `state` value. */
  state_hash: string;
  code_verifier: string;
  redirect_uri: string;
  created_at: Generated<Date>;
  expires_at: Date;
}
export type OauthStateRow = Selectable<OauthStatesTable>;
