import type { DB } from '#lib/server/db/index.ts';
import { isAdmin, type Actor } from '#lib/server/auth/actor.ts';
import type { Visibility } from '#lib/server/db/tables/matches.ts';
import type { Claim, OwnedProfile } from '#lib/schemas/claim.ts';
import { requireUser } from '#lib/server/auth/guards.ts';
import { conflict, forbidden, notFound } from '#lib/server/core/errors.ts';
import { messages } from '#lib/server/core/messages.ts';
import {
  deleteClaim,
  findClaim,
  findPlayerWithClaim,
  insertPendingClaim,
  listClaimedProfiles,
} from '#lib/server/repositories/claims.ts';
import { changePlayerVisibility } from './ratings/skills.ts';
import { audit } from './audit.ts';

/**
 * Claims a player profile for the signed-in user. Nobody's word is proof (issue 17 item 7): the claim is stored
 * as pending and changes nothing until a Steam sign-in proves the id or a reviewer approves it
 * (services/claim-reviews.ts, services/steam-proof.ts). 404 for an unknown player, 409 when another user owns it;
 * claiming again answers the claim as it is (a rejected claim is asked for again).
 */
export async function claimProfile(db: DB, actor: Actor, steamId: string): Promise<Claim> {
  const user = requireUser(actor);
  return db.transaction().execute(async (trx) => {
    const player = await findPlayerWithClaim(trx, steamId);
    if (!player) throw notFound(messages.playerNotFound(steamId));
    if (player.owner !== null && player.owner !== user.userId) throw conflict(messages.claimTaken(steamId));
    const answer = (status: Claim['status']): Claim => ({
      steam_id: player.steam_id,
      visibility: player.visibility,
      status,
    });
    if (player.owner === user.userId) return answer('approved');
    const mine = await findClaim(trx, steamId, user.userId);
    if (mine?.status === 'pending') return answer('pending');
    await insertPendingClaim(trx, steamId, user.userId);
    await audit(trx, actor, 'profile.claim', { type: 'player', id: steamId }, mine ? { status: mine.status } : null, {
      user: user.userId,
      status: 'pending',
    });
    return answer('pending');
  });
}

/**
 * Withdraws the caller's own claim, whatever its state; an admin may also remove the owner's claim. When an
 * approved claim goes, the profile becomes public again. 404 when there is no such claim, 403 someone else's.
 */
export async function unclaimProfile(db: DB, actor: Actor, steamId: string): Promise<void> {
  const user = requireUser(actor);
  await db.transaction().execute(async (trx) => {
    const player = await findPlayerWithClaim(trx, steamId);
    if (!player) throw notFound(messages.playerNotFound(steamId));
    const mine = await findClaim(trx, steamId, user.userId);
    const target = mine ? user.userId : player.owner;
    if (target === null) throw notFound(messages.claimNotFound(steamId));
    if (target !== user.userId && !isAdmin(actor)) throw forbidden(messages.forbidden);
    const wasOwner = target === player.owner;
    await deleteClaim(trx, steamId, target);
    if (wasOwner) await changePlayerVisibility(trx, steamId, player.visibility, 'public');
    await audit(
      trx,
      actor,
      'profile.unclaim',
      { type: 'player', id: steamId },
      { user: target, status: wasOwner ? 'approved' : mine?.status, visibility: player.visibility },
      { user: null, visibility: wasOwner ? 'public' : player.visibility },
    );
  });
}

/**
 * Sets the visibility of a profile the signed-in user owns (an approved claim); 404 unknown, 403 unclaimed,
 * someone else's, or a claim still waiting for proof.
 */
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
    if (player.owner !== user.userId) {
      const mine = await findClaim(trx, steamId, user.userId);
      throw forbidden(mine?.status === 'pending' ? messages.claimPending(steamId) : messages.claimNotFound(steamId));
    }
    await changePlayerVisibility(trx, steamId, player.visibility, visibility);
    await audit(
      trx,
      actor,
      'profile.visibility',
      { type: 'player', id: steamId },
      { visibility: player.visibility },
      { visibility },
    );
    return { steam_id: steamId, visibility, status: 'approved' };
  });
}

/**
 * The profiles the signed-in user has claimed, with each claim's state, or only their claim of `steamId`
 * (401 anonymous, 403 for a team API key).
 */
export async function listOwnedProfiles(db: DB, actor: Actor, steamId?: string): Promise<OwnedProfile[]> {
  const user = requireUser(actor);
  return (await listClaimedProfiles(db, user.userId, steamId)).map((row) => ({
    steam_id: row.steam_id,
    name: row.primary_name ?? row.name,
    seen_name: row.name,
    visibility: row.visibility,
    status: row.status,
  }));
}
