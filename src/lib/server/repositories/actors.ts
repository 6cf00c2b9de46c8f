import { sql } from 'kysely';
import type { DB } from '#lib/server/db/index.ts';
import type { Actor } from '#lib/server/auth/actor.ts';
import type { Role } from '#lib/server/db/tables/user-roles.ts';

/** How stale a key's recorded last use may get (ms): it is written at most this often. */
export const KEY_USE_RECORDED_EVERY_MS = 60_000;

/**
 * The team whose API key hashes to `keyHash`, or undefined. Records the key's last use when the recorded one is older
 * than KEY_USE_RECORDED_EVERY_MS: a write on every request made each one wait for its own commit to be flushed and
 * a team's reports wait for each other's lock on the key's row (bench:load showed it in this look-up's p99). One
 * statement: every request with a key runs it before anything else, and under a crowd each round trip waits for a
 * turn of the event loop.
 */
export async function findTeamByApiKeyHash(
  db: DB,
  keyHash: string,
  now = new Date(),
): Promise<{ id: number; tag: string } | undefined> {
  const team = db
    .selectFrom('team_api_keys')
    .innerJoin('teams', 'teams.id', 'team_api_keys.team_id')
    .select(['teams.id', 'teams.tag'])
    .where('team_api_keys.key_hash', '=', keyHash)
    .where('teams.deleted_at', 'is', null);
  const used = db
    .updateTable('team_api_keys')
    .set({ last_used_at: now })
    .where('key_hash', '=', keyHash)
    .where((eb) =>
      eb.or([
        eb('last_used_at', 'is', null),
        eb('last_used_at', '<=', new Date(now.getTime() - KEY_USE_RECORDED_EVERY_MS)),
      ]),
    )
    .where(sql<boolean>`exists (select 1 from team)`);
  const { rows } = await sql<{ id: number; tag: string }>`with team as (${team}), used as (${used})
    select id, tag from team`.execute(db);
  return rows[0];
}

/**
 * The signed-in user behind a live session token hash, as an Actor (roles and managed live teams), with the
 * session's expiry; undefined when expired or unknown. One statement, for the reason findTeamByApiKeyHash gives.
 */
export async function findSessionCaller(
  db: DB,
  tokenHash: string,
  now = new Date(),
): Promise<{ actor: Actor; expiresAt: Date } | undefined> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.id as sessionId', 'sessions.expires_at', 'users.id as userId', 'users.discord_id', 'users.name'])
    .select((eb) => [
      sql<Role[]>`coalesce((${eb
        .selectFrom('user_roles')
        .select(sql`json_agg(user_roles.role)`.as('roles'))
        .whereRef('user_roles.user_id', '=', 'users.id')}), '[]'::json)`.as('roles'),
      sql<number[]>`coalesce((${eb
        .selectFrom('team_managers')
        .innerJoin('teams', 'teams.id', 'team_managers.team_id')
        .select(sql`json_agg(teams.id)`.as('teams'))
        .whereRef('team_managers.user_id', '=', 'users.id')
        .where('teams.deleted_at', 'is', null)}), '[]'::json)`.as('teams'),
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return undefined;
  const actor: Actor = {
    kind: 'user',
    userId: row.userId,
    discordId: row.discord_id,
    name: row.name,
    roles: effectiveRoles(row.roles, row.teams.length > 0),
    managedTeamIds: row.teams,
    sessionId: row.sessionId,
  };
  return { actor, expiresAt: row.expires_at };
}

/** Stored roles plus the derived ones: every user has USER; whoever manages a live team is a TEAM_MANAGER. */
export function effectiveRoles(stored: readonly Role[], managesTeams: boolean): Role[] {
  const roles = new Set<Role>(stored);
  roles.add('USER');
  if (managesTeams) roles.add('TEAM_MANAGER');
  return (['ADMIN', 'USER', 'TEAM_MANAGER'] as const).filter((role) => roles.has(role));
}
