import type { DB } from '#lib/server/db/index.ts';
import type { Visibility } from '#lib/server/db/tables/matches.ts';

/** The player row's id and visibility, with the id of the user who claimed it (null when unclaimed). */
export async function findPlayerWithClaim(
  db: DB,
  steamId: string,
): Promise<
  { steam_id: string; visibility: Visibility; primary_name: string | null; owner: number | null } | undefined
> {
  return db
    .selectFrom('players')
    .leftJoin('profile_claims', 'profile_claims.steam_id', 'players.steam_id')
    .select(['players.steam_id', 'players.visibility', 'players.primary_name', 'profile_claims.user_id as owner'])
    .where('players.steam_id', '=', steamId)
    .executeTakeFirst();
}

export async function insertClaim(db: DB, steamId: string, userId: number): Promise<void> {
  await db.insertInto('profile_claims').values({ steam_id: steamId, user_id: userId }).execute();
}

export async function deleteClaim(db: DB, steamId: string): Promise<void> {
  await db.deleteFrom('profile_claims').where('steam_id', '=', steamId).execute();
}

export async function setPlayerVisibility(db: DB, steamId: string, visibility: Visibility): Promise<void> {
  await db.updateTable('players').set({ visibility }).where('steam_id', '=', steamId).execute();
}
