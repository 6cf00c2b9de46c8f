import type { DB } from '#lib/server/db/index.ts';
import { isAdmin, type Actor } from '#lib/server/auth/actor.ts';
import type { Visibility } from '#lib/server/db/tables/matches.ts';
import type { Claim } from '#lib/schemas/claim.ts';
import { requireUser } from '#lib/server/auth/guards.ts';
import { conflict, forbidden, notFound } from '#lib/server/http/errors.ts';
import { messages } from '#lib/server/http/messages.ts';
import { deleteClaim, findPlayerWithClaim, insertClaim, setPlayerVisibility } from '#lib/server/repositories/claims.ts';
import { audit } from './audit.ts';

/**
 * Claims a player profile for the signed-in user: 404 for an unknown player, 409 when another user owns it;
 * claiming one's own profile again changes nothing.
 */
export async function claimProfile(db: DB, actor: Actor, steamId: string): Promise<Claim> {
  const user = requireUser(actor);
  return db.transaction().execute(async (trx) => {
    const player = await findPlayerWithClaim(trx, steamId);
    if (!player) throw notFound(messages.playerNotFound(steamId));
    if (player.owner !== null && player.owner !== user.userId) throw conflict(messages.claimTaken(steamId));
    if (player.owner === null) {
      await insertClaim(trx, steamId, user.userId);
      await audit(trx, actor, 'profile.claim', { type: 'player', id: steamId }, null, { owner: user.userId });
    }
    return { steam_id: player.steam_id, visibility: player.visibility };
  });
}

/** Removes a claim (its owner or an admin); the profile becomes public again. 404 when not claimed. */
export async function unclaimProfile(db: DB, actor: Actor, steamId: string): Promise<void> {
  const user = requireUser(actor);
  await db.transaction().execute(async (trx) => {
    const player = await findPlayerWithClaim(trx, steamId);
    if (!player) throw notFound(messages.playerNotFound(steamId));
    if (player.owner === null) throw notFound(messages.claimNotFound(steamId));
    if (player.owner !== user.userId && !isAdmin(actor)) throw forbidden(messages.forbidden);
    await deleteClaim(trx, steamId);
    await setPlayerVisibility(trx, steamId, 'public');
    await audit(
      trx,
      actor,
      'profile.unclaim',
      { type: 'player', id: steamId },
      { owner: player.owner, visibility: player.visibility },
      { owner: null, visibility: 'public' },
    );
  });
}

/** Sets the visibility of a profile the signed-in user owns; 404 unknown, 403 someone else's or unclaimed. */
export async function setProfileVisibility(
  db: DB,
  actor: Actor,
  steamId: string,
  visibility: Visibility,
): Promise<Claim> {
  const user = requireUser(actor);
  return db.transaction().execute(async (trx) => {
    const player = await findPlayerWithClaim(trx, steamId);
    if (!player) throw notFound(messages.playerNotFound(steamId));
    if (player.owner !== user.userId) throw forbidden(messages.claimNotFound(steamId));
    await setPlayerVisibility(trx, steamId, visibility);
    await audit(
      trx,
      actor,
      'profile.visibility',
      { type: 'player', id: steamId },
      { visibility: player.visibility },
      { visibility },
    );
    return { steam_id: steamId, visibility };
  });
}
