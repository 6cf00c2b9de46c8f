import type { DB } from '#lib/server/db/index.ts';
import type { Actor } from '#lib/server/auth/actor.ts';
import { ROLES, type Role } from '#lib/server/db/tables/user-roles.ts';
import { badRequest } from '#lib/server/core/errors.ts';
import { messages } from '#lib/server/core/messages.ts';
import { audit } from './audit.ts';

/** Finds or creates the user with this Discord id (name defaults to the id until they sign in). */
export async function ensureUser(db: DB, discordId: string, name?: string): Promise<number> {
  const existing = await db.selectFrom('users').select('id').where('discord_id', '=', discordId).executeTakeFirst();
  if (existing) return existing.id;
  const row = await db
    .insertInto('users')
    .values({ discord_id: discordId, name: name ?? discordId, avatar: null, last_login_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Grants `role` to the user with `discordId` (creating the user); with a team, makes them its manager. */
export async function grantRole(db: DB, actor: Actor, discordId: string, role: string, teamId?: number): Promise<void> {
  if (!/^\d{5,25}$/.test(discordId))
    throw badRequest(messages.invalidField('discordId', 'must be a numeric Discord id'));
  if (!ROLES.includes(role as Role))
    throw badRequest(messages.invalidField('role', `must be one of ${ROLES.join(', ')}`));
  await db.transaction().execute(async (trx) => {
    const userId = await ensureUser(trx, discordId);
    await trx
      .insertInto('user_roles')
      .values({ user_id: userId, role: role as Role, source: 'grant' })
      .onConflict((oc) => oc.columns(['user_id', 'role']).doNothing())
      .execute();
    if (teamId !== undefined) {
      await trx
        .insertInto('team_managers')
        .values({ user_id: userId, team_id: teamId, source: 'grant' })
        .onConflict((oc) => oc.columns(['user_id', 'team_id']).doNothing())
        .execute();
    }
    await audit(trx, actor, 'user.grant', { type: 'user', id: userId }, null, { role, teamId: teamId ?? null });
  });
}
