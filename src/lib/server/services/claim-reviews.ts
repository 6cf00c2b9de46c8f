import type { DB } from '#lib/server/db/index.ts';
import { isAdmin, type Actor } from '#lib/server/auth/actor.ts';
import { requireUser } from '#lib/server/auth/guards.ts';
import { conflict, forbidden, notFound } from '#lib/server/core/errors.ts';
import { messages } from '#lib/server/core/messages.ts';
import type { ClaimDecision, ClaimDecisionResult, ClaimReview } from '#lib/schemas/claim.ts';
import {
  decideClaim as storeDecision,
  findClaim,
  findPlayerWithClaim,
  listPendingClaims,
  playedForAnyTeam,
  rejectOtherClaims,
} from '#lib/server/repositories/claims.ts';
import { audit } from './audit.ts';

/**
 * The pending claims the caller may decide: every one for an admin; for a team manager those of players who
 * played for a team they manage; none for anyone else. 401 anonymous, 403 for a team API key.
 */
export async function listClaimQueue(db: DB, actor: Actor): Promise<ClaimReview[]> {
  const user = requireUser(actor);
  const rows = await listPendingClaims(db, isAdmin(actor) ? null : user.managedTeamIds);
  return rows
    .filter((row) => isAdmin(actor) || row.user_id !== user.userId)
    .map((row) => ({
      steam_id: row.steam_id,
      player_name: row.primary_name ?? row.name,
      user_id: row.user_id,
      user_name: row.user_name,
      created_at: new Date(row.created_at).toISOString(),
      teams: row.teams ?? [],
    }));
}

/**
 * Approves or rejects a pending claim. Allowed to an admin, and to a manager of a team the player played for
 * unless the claim is their own (a manager's word is proof for their players, not for themselves). Approving makes
 * the claimant the owner and rejects the other pending claims of the player. 404 no such claim, 403 not allowed,
 * 409 already decided or the profile already has an owner.
 */
export async function decideClaim(
  db: DB,
  actor: Actor,
  steamId: string,
  userId: number,
  action: ClaimDecision,
  now = new Date(),
): Promise<ClaimDecisionResult> {
  const user = requireUser(actor);
  return db.transaction().execute(async (trx) => {
    const claim = await findClaim(trx, steamId, userId);
    if (!claim) throw notFound(messages.claimReviewNotFound(steamId, userId));
    const allowed =
      isAdmin(actor) || (userId !== user.userId && (await playedForAnyTeam(trx, steamId, user.managedTeamIds)));
    if (!allowed) throw forbidden(messages.claimReviewForbidden);
    if (claim.status !== 'pending') throw conflict(messages.claimDecided(steamId, claim.status));
    const status = action === 'approve' ? 'approved' : 'rejected';
    if (status === 'approved') {
      const player = await findPlayerWithClaim(trx, steamId);
      if (player?.owner != null) throw conflict(messages.claimTaken(steamId));
    }
    const decision = { proof: 'review', decidedBy: user.userId, at: now } as const;
    await storeDecision(trx, { steamId, userId }, { ...decision, status });
    if (status === 'approved') await rejectOtherClaims(trx, steamId, userId, { ...decision, statuses: ['pending'] });
    await audit(
      trx,
      actor,
      `profile.claim.${action}`,
      { type: 'player', id: steamId },
      { user: userId, status: 'pending' },
      { user: userId, status },
    );
    return { steam_id: steamId, user_id: userId, status };
  });
}
