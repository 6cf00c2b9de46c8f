import type { DB } from '../db/index.ts';
import type { Actor } from '../auth/actor.ts';
import { hashSecret, randomToken } from '../auth/tokens.ts';
import { audit } from './audit.ts';

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
