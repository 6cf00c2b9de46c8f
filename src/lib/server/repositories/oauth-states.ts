import type { DB } from '#lib/server/db/index.ts';
import type { OauthStateRow } from '#lib/server/db/tables/oauth-states.ts';

/** Stores a pending sign-in by the hash of its `state`. Expired ones are swept first. */
export async function insertOauthState(
  db: DB,
  values: { stateHash: string; codeVerifier: string; redirectUri: string; expiresAt: Date },
  now = new Date(),
): Promise<void> {
  await db.deleteFrom('oauth_states').where('expires_at', '<=', now).execute();
  await db
    .insertInto('oauth_states')
    .values({
      state_hash: values.stateHash,
      code_verifier: values.codeVerifier,
      redirect_uri: values.redirectUri,
      expires_at: values.expiresAt,
    })
    .execute();
}

/**
 * Removes and returns the pending sign-in for this state hash (single use: a second call finds nothing).
 * Returns it even when expired so that the caller can still send the browser back where it came from.
 */
export async function takeOauthState(db: DB, stateHash: string): Promise<OauthStateRow | undefined> {
  return db.deleteFrom('oauth_states').where('state_hash', '=', stateHash).returningAll().executeTakeFirst();
}
