import type { DB } from '#lib/server/db/index.ts';
import type { Actor } from '#lib/server/auth/actor.ts';
import type { Me, MeTeam } from '#lib/schemas/user.ts';
import { unauthorized } from '#lib/server/core/errors.ts';
import { messages } from '#lib/server/core/messages.ts';
import { loadUserSummary } from '#lib/server/repositories/users.ts';

/** Who the caller is: the user (roles, managed team tags, claimed Steam ids) or the team of an API key; 401 otherwise. */
export async function getMe(db: DB, actor: Actor): Promise<Me | MeTeam> {
  if (actor.kind === 'team-key') {
    const team = await db
      .selectFrom('teams')
      .select(['tag', 'name'])
      .where('id', '=', actor.teamId)
      .executeTakeFirstOrThrow();
    return { tag: team.tag, name: team.name };
  }
  if (actor.kind !== 'user') throw unauthorized(messages.signInRequired);
  const summary = await loadUserSummary(db, actor.userId);
  return { name: actor.name, roles: actor.roles, my_teams: summary.teams, my_steam_ids: summary.steamIds };
}
