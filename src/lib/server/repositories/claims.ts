import { sql } from 'kysely';
import type { DB } from '#lib/server/db/index.ts';
import type { Visibility } from '#lib/server/db/tables/matches.ts';
import type { ClaimProof, ClaimStatus } from '#lib/server/db/tables/profile-claims.ts';

/**
 * The player row's id and visibility, with the id of the user whose claim was approved (the owner; null when no
 * claim is approved: a pending claim owns nothing).
 */
export async function findPlayerWithClaim(
  db: DB,
  steamId: string,
): Promise<
  { steam_id: string; visibility: Visibility; primary_name: string | null; owner: number | null } | undefined
> {
  return db
    .selectFrom('players')
    .leftJoin('profile_claims', (join) =>
      join.onRef('profile_claims.steam_id', '=', 'players.steam_id').on('profile_claims.status', '=', 'approved'),
    )
    .select(['players.steam_id', 'players.visibility', 'players.primary_name', 'profile_claims.user_id as owner'])
    .where('players.steam_id', '=', steamId)
    .executeTakeFirst();
}

/** One user's claim of a player, whatever its status. */
export function findClaim(db: DB, steamId: string, userId: number) {
  return db
    .selectFrom('profile_claims')
    .select(['steam_id', 'user_id', 'status'])
    .where('steam_id', '=', steamId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Stores a pending claim, or turns the user's rejected claim back into a pending one. */
export async function insertPendingClaim(db: DB, steamId: string, userId: number): Promise<void> {
  await db
    .insertInto('profile_claims')
    .values({ steam_id: steamId, user_id: userId, status: 'pending', proof: null })
    .onConflict((oc) =>
      oc
        .columns(['steam_id', 'user_id'])
        .doUpdateSet({ status: 'pending', proof: null, decided_by_user_id: null, decided_at: null }),
    )
    .execute();
}

/** Records the decision on one claim (the approval, rejection or Steam proof), inserting the claim if needed. */
export async function decideClaim(
  db: DB,
  claim: { steamId: string; userId: number },
  decision: { status: ClaimStatus; proof: ClaimProof; decidedBy: number | null; at: Date },
): Promise<void> {
  const values = {
    status: decision.status,
    proof: decision.proof,
    decided_by_user_id: decision.decidedBy,
    decided_at: decision.at,
  };
  await db
    .insertInto('profile_claims')
    .values({ steam_id: claim.steamId, user_id: claim.userId, ...values })
    .onConflict((oc) => oc.columns(['steam_id', 'user_id']).doUpdateSet(values))
    .execute();
}

/**
 * Rejects every other user's pending (and, for a Steam proof, approved) claim of the player: once the profile has
 * a proved owner nobody else's claim can take effect.
 */
export async function rejectOtherClaims(
  db: DB,
  steamId: string,
  userId: number,
  decision: { statuses: ClaimStatus[]; proof: ClaimProof; decidedBy: number | null; at: Date },
): Promise<void> {
  await db
    .updateTable('profile_claims')
    .set({
      status: 'rejected',
      proof: decision.proof,
      decided_by_user_id: decision.decidedBy,
      decided_at: decision.at,
    })
    .where('steam_id', '=', steamId)
    .where('user_id', '!=', userId)
    .where('status', 'in', decision.statuses)
    .execute();
}

export async function deleteClaim(db: DB, steamId: string, userId: number): Promise<void> {
  await db.deleteFrom('profile_claims').where('steam_id', '=', steamId).where('user_id', '=', userId).execute();
}

export async function setPlayerVisibility(db: DB, steamId: string, visibility: Visibility): Promise<void> {
  await db.updateTable('players').set({ visibility }).where('steam_id', '=', steamId).execute();
}

/**
 * The profiles a user has claimed (any status), or only their claim of `steamId`: id, the name shown (chosen,
 * else last seen), visibility and the claim's status.
 */
export function listClaimedProfiles(db: DB, userId: number, steamId?: string) {
  let query = db
    .selectFrom('profile_claims')
    .innerJoin('players', 'players.steam_id', 'profile_claims.steam_id')
    .select(['players.steam_id', 'players.name', 'players.primary_name', 'players.visibility', 'profile_claims.status'])
    .where('profile_claims.user_id', '=', userId);
  if (steamId !== undefined) query = query.where('profile_claims.steam_id', '=', steamId);
  return query.orderBy('players.steam_id').execute();
}

/** True when the player has a line in a match for one of these teams (any series, any visibility). */
export async function playedForAnyTeam(db: DB, steamId: string, teamIds: readonly number[]): Promise<boolean> {
  if (teamIds.length === 0) return false;
  const row = await db
    .selectFrom('player_match_stats')
    .select('steam_id')
    .where('steam_id', '=', steamId)
    .where('team_id', 'in', teamIds)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Pending claims, oldest first, with the player's and claimant's names and the live teams the player played for;
 * `teamIds` limits them to players of those teams (null: every pending claim, for admins).
 */
export async function listPendingClaims(db: DB, teamIds: readonly number[] | null) {
  if (teamIds !== null && teamIds.length === 0) return [];
  let query = db
    .selectFrom('profile_claims as c')
    .innerJoin('players as p', 'p.steam_id', 'c.steam_id')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(['c.steam_id', 'c.user_id', 'c.created_at', 'p.name', 'p.primary_name', 'u.name as user_name'])
    .select(
      sql<
        string[]
      >`(select coalesce(json_agg(t.tag order by t.tag), '[]'::json) from teams t where t.deleted_at is null and exists (select 1 from player_match_stats s where s.steam_id = c.steam_id and s.team_id = t.id))`.as(
        'teams',
      ),
    )
    .where('c.status', '=', 'pending');
  if (teamIds !== null) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('player_match_stats as s')
          .select('s.steam_id')
          .whereRef('s.steam_id', '=', 'c.steam_id')
          .where('s.team_id', 'in', teamIds),
      ),
    );
  }
  return query.orderBy('c.created_at').orderBy('c.steam_id').limit(200).execute();
}
