import type { DB } from '#lib/server/db/index.ts';
import type { Config } from '#lib/server/config.ts';
import type { Actor } from '#lib/server/auth/actor.ts';
import type { LoginErrorCode } from '#lib/schemas/login-error.ts';
import { hashSecret, randomToken } from '#lib/server/auth/tokens.ts';
import { safeRedirect, withLoginError } from '#lib/server/auth/redirects.ts';
import { SteamProofError, checkAssertion, steamLoginUrl, verifyWithProvider } from '#lib/server/auth/steam.ts';
import { decideClaim, findPlayerWithClaim, rejectOtherClaims } from '#lib/server/repositories/claims.ts';
import { announceDataChange } from '#lib/server/db/changes.ts';
import { audit } from './audit.ts';

const STATE_TTL_MS = 10 * 60 * 1000;

/** The address Steam sends the browser back to for one proof (the state is part of it, so Steam signs it). */
export function steamReturnTo(config: Config, state: string): string {
  return `${config.publicUrl}/v2/auth/steam/callback?state=${encodeURIComponent(state)}`;
}

/**
 * Starts proving a Steam id for the signed-in user: stores the hashed state with the user and the return path
 * (10 minutes, single use) and answers the provider address to send the browser to. `redirectUri` must already
 * be a safe same-origin path.
 */
export async function beginSteamProof(
  db: DB,
  config: Config,
  userId: number,
  redirectUri: string,
  now = new Date(),
): Promise<string> {
  const state = randomToken(32);
  await db.deleteFrom('steam_proofs').where('expires_at', '<=', now).execute();
  await db
    .insertInto('steam_proofs')
    .values({
      state_hash: hashSecret(state),
      user_id: userId,
      redirect_uri: redirectUri,
      expires_at: new Date(now.getTime() + STATE_TTL_MS),
    })
    .execute();
  return steamLoginUrl(config.steamOpenIdUrl, steamReturnTo(config, state), config.publicUrl);
}

/**
 * Finishes a Steam proof from the callback's query: the state must be unused, unexpired and the caller's own; the
 * assertion must pass checkAssertion() and the provider's check_authentication. Then the caller's claim of that
 * Steam id is approved at once (proof 'steam'), replacing any other user's claim of it. Never throws for a failed
 * proof: the browser goes back with a `login_error` code instead.
 */
export async function completeSteamProof(
  db: DB,
  config: Config,
  actor: Actor,
  params: Record<string, string>,
  now = new Date(),
): Promise<string> {
  const state = params['state'];
  const pending = state
    ? await db.deleteFrom('steam_proofs').where('state_hash', '=', hashSecret(state)).returningAll().executeTakeFirst()
    : undefined;
  if (!pending) return withLoginError('/my-profile', 'invalid-state');
  const back = safeRedirect(pending.redirect_uri);
  const refuse = (code: LoginErrorCode) => withLoginError(back, code);
  if (pending.expires_at.getTime() <= now.getTime()) return refuse('expired');
  // The proof belongs to the account that started it: a link that finishes someone else's proof proves nothing.
  if (actor.kind !== 'user') return refuse('steam-signed-out');
  if (actor.userId !== pending.user_id) return refuse('invalid-state');
  let steamId: string;
  try {
    steamId = checkAssertion(
      params,
      { providerUrl: config.steamOpenIdUrl, returnTo: steamReturnTo(config, state!) },
      now,
    );
    await verifyWithProvider(config.steamOpenIdUrl, params);
  } catch (error) {
    if (!(error instanceof SteamProofError)) throw error;
    console.error('Steam proof refused:', error.message);
    return refuse(error.code);
  }
  const proved = await db.transaction().execute(async (trx) => {
    const player = await findPlayerWithClaim(trx, steamId);
    if (!player) return false;
    const decision = { proof: 'steam', decidedBy: null, at: now } as const;
    await rejectOtherClaims(trx, steamId, actor.userId, { ...decision, statuses: ['pending', 'approved'] });
    await decideClaim(trx, { steamId, userId: actor.userId }, { ...decision, status: 'approved' });
    await audit(
      trx,
      actor,
      'profile.claim.steam',
      { type: 'player', id: steamId },
      { owner: player.owner },
      { owner: actor.userId, status: 'approved', proof: 'steam' },
    );
    return true;
  });
  if (!proved) return refuse('steam-unknown-player');
  // A GET that changed data: the middleware drops cached public answers only after writes by other methods.
  announceDataChange(db);
  return back;
}
