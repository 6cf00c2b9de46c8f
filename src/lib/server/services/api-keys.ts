import type { DB } from '#lib/server/db/index.ts';
import type { Actor } from '#lib/server/auth/actor.ts';
import { hashSecret, randomToken } from '#lib/server/auth/tokens.ts';
import { audit } from './audit.ts';
import { requireTeam } from './teams-write.ts';
import { requireSignedIn, requireTeamManager } from '#lib/server/auth/guards.ts';
import { notFound } from '#lib/server/core/errors.ts';
import { messages } from '#lib/server/core/messages.ts';

const KEY_PREFIX = 'hss_';

/**
 * Creates or rotates the API key of a team and returns it; it is shown once, only its hash is stored.
 * Keys are 'hss_' + 48 url-safe characters (HLU accepts 45-120 characters without spaces).
 */
export async function rotateApiKey(db: DB, actor: Actor, teamId: number): Promise<string> {
  const key = KEY_PREFIX + randomToken(36);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('team_api_keys').where('team_id', '=', teamId).execute();
    await trx
      .insertInto('team_api_keys')
      .values({
        team_id: teamId,
        key_hash: hashSecret(key),
        key_prefix: key.slice(0, 8),
        created_by_user_id: actor.kind === 'user' ? actor.userId : null,
        last_used_at: null,
      })
      .execute();
    await audit(trx, actor, 'team.api_key.rotate', { type: 'team', id: teamId });
  });
  return key;
}

/** What a manager may see of a team's key: never the key itself. */
export interface ApiKeyInfo {
  team: string;
  key_prefix: string;
  created_at: string;
  last_used_at: string | null;
}

/** The metadata of the team's key (its managers or an admin); 404 when the team has no key. */
export async function getApiKeyInfo(db: DB, actor: Actor, teamTag: string): Promise<ApiKeyInfo> {
  requireSignedIn(actor);
  const team = await requireTeam(db, teamTag);
  requireTeamManager(actor, team.id);
  const key = await db.selectFrom('team_api_keys').selectAll().where('team_id', '=', team.id).executeTakeFirst();
  if (!key) throw notFound(messages.noApiKey(team.tag));
  return {
    team: team.tag,
    key_prefix: key.key_prefix,
    created_at: key.created_at.toISOString(),
    last_used_at: key.last_used_at ? key.last_used_at.toISOString() : null,
  };
}

/** Creates or rotates the team's key (its managers or an admin) and answers it once. */
export async function rotateTeamApiKey(db: DB, actor: Actor, teamTag: string): Promise<{ api_key: string }> {
  requireSignedIn(actor);
  const team = await requireTeam(db, teamTag);
  requireTeamManager(actor, team.id);
  return { api_key: await rotateApiKey(db, actor, team.id) };
}
