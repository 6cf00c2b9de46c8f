import type { DB } from '#lib/server/db/index.ts';

/** Inserts or updates the user with this Discord id (name, avatar, last sign-in); returns their id. */
export async function upsertDiscordUser(
  db: DB,
  values: { discordId: string; name: string; avatar: string | null },
  now = new Date(),
): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({ discord_id: values.discordId, name: values.name, avatar: values.avatar, last_login_at: now })
    .onConflict((oc) =>
      oc.column('discord_id').doUpdateSet({ name: values.name, avatar: values.avatar, last_login_at: now }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Gives or takes the ADMIN role that comes from ADMIN_DISCORD_IDS (source 'config'); granted roles stay. */
export async function setConfigAdmin(db: DB, userId: number, admin: boolean): Promise<void> {
  if (admin) {
    await db
      .insertInto('user_roles')
      .values({ user_id: userId, role: 'ADMIN', source: 'config' })
      .onConflict((oc) => oc.columns(['user_id', 'role']).doNothing())
      .execute();
  } else {
    await db
      .deleteFrom('user_roles')
      .where('user_id', '=', userId)
      .where('role', '=', 'ADMIN')
      .where('source', '=', 'config')
      .execute();
  }
}

/**
 * Makes the user manager (source 'discord_role') of exactly the live teams whose discord_role_id is among
 * `roleIds`: adds the missing ones and removes stale Discord-role managers. Other sources are left alone.
 */
export async function refreshDiscordRoleManagers(db: DB, userId: number, roleIds: readonly string[]): Promise<void> {
  const teams = roleIds.length
    ? await db
        .selectFrom('teams')
        .select('id')
        .where('discord_role_id', 'in', [...roleIds])
        .where('deleted_at', 'is', null)
        .execute()
    : [];
  const ids = teams.map((t) => t.id);
  let stale = db.deleteFrom('team_managers').where('user_id', '=', userId).where('source', '=', 'discord_role');
  if (ids.length) stale = stale.where('team_id', 'not in', ids);
  await stale.execute();
  if (ids.length) {
    await db
      .insertInto('team_managers')
      .values(ids.map((teamId) => ({ user_id: userId, team_id: teamId, source: 'discord_role' })))
      .onConflict((oc) => oc.columns(['user_id', 'team_id']).doNothing())
      .execute();
  }
}

/** Makes the user a manager of the team with this source unless they already are. */
export async function addTeamManager(db: DB, userId: number, teamId: number, source: string): Promise<void> {
  await db
    .insertInto('team_managers')
    .values({ user_id: userId, team_id: teamId, source })
    .onConflict((oc) => oc.columns(['user_id', 'team_id']).doNothing())
    .execute();
}

/** Tags of the live teams the user manages and the Steam ids they own (approved claims; pending ones own nothing). */
export async function loadUserSummary(db: DB, userId: number): Promise<{ teams: string[]; steamIds: string[] }> {
  const [teams, claims] = await Promise.all([
    db
      .selectFrom('team_managers')
      .innerJoin('teams', 'teams.id', 'team_managers.team_id')
      .select('teams.tag')
      .where('team_managers.user_id', '=', userId)
      .where('teams.deleted_at', 'is', null)
      .orderBy('teams.tag')
      .execute(),
    db
      .selectFrom('profile_claims')
      .select('steam_id')
      .where('user_id', '=', userId)
      .where('status', '=', 'approved')
      .orderBy('steam_id')
      .execute(),
  ]);
  return { teams: teams.map((t) => t.tag), steamIds: claims.map((c) => c.steam_id) };
}
