import type { DB } from '#lib/server/db/index.ts';
import type { Actor } from '#lib/server/auth/actor.ts';
import type { Role } from '#lib/server/db/tables/user-roles.ts';

/** The team whose API key hashes to `keyHash`, or undefined. Records the key's last use. */
export async function findTeamByApiKeyHash(db: DB, keyHash: string): Promise<{ id: number; tag: string } | undefined> {
  const row = await db
    .selectFrom('team_api_keys')
    .innerJoin('teams', 'teams.id', 'team_api_keys.team_id')
    .select(['teams.id', 'teams.tag'])
    .where('team_api_keys.key_hash', '=', keyHash)
    .where('teams.deleted_at', 'is', null)
    .executeTakeFirst();
  if (row) {
    await db.updateTable('team_api_keys').set({ last_used_at: new Date() }).where('key_hash', '=', keyHash).execute();
  }
  return row;
}

/** The signed-in user behind a live session token hash, as an Actor, or undefined when expired or unknown. */
export async function findUserBySessionHash(db: DB, tokenHash: string, now = new Date()): Promise<Actor | undefined> {
  const session = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.id as sessionId', 'users.id as userId', 'users.discord_id', 'users.name'])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.expires_at', '>', now)
    .executeTakeFirst();
  if (!session) return undefined;
  return loadUserActor(db, session.userId, session.sessionId);
}

/** Builds the Actor of a user: roles and managed (live) teams. */
export async function loadUserActor(
  db: DB,
  userId: number,
  sessionId: number | null = null,
): Promise<Actor | undefined> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'discord_id', 'name'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) return undefined;
  const [roles, teams] = await Promise.all([
    db.selectFrom('user_roles').select('role').where('user_id', '=', userId).execute(),
    db
      .selectFrom('team_managers')
      .innerJoin('teams', 'teams.id', 'team_managers.team_id')
      .select('teams.id')
      .where('team_managers.user_id', '=', userId)
      .where('teams.deleted_at', 'is', null)
      .execute(),
  ]);
  return {
    kind: 'user',
    userId: user.id,
    discordId: user.discord_id,
    name: user.name,
    roles: effectiveRoles(
      roles.map((r) => r.role),
      teams.length > 0,
    ),
    managedTeamIds: teams.map((t) => t.id),
    sessionId,
  };
}

/** Stored roles plus the derived ones: every user has USER; whoever manages a live team is a TEAM_MANAGER. */
export function effectiveRoles(stored: readonly Role[], managesTeams: boolean): Role[] {
  const roles = new Set<Role>(stored);
  roles.add('USER');
  if (managesTeams) roles.add('TEAM_MANAGER');
  return (['ADMIN', 'USER', 'TEAM_MANAGER'] as const).filter((role) => roles.has(role));
}
