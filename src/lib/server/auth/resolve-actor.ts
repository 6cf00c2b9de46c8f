import type { DB } from '#lib/server/db/index.ts';
import { urgently } from '#lib/server/db/priority.ts';
import { anonymous, type Actor } from './actor.ts';
import { isStateChange } from './csrf.ts';
import { hashSecret } from './tokens.ts';
import { findSessionCaller, findTeamByApiKeyHash } from '#lib/server/repositories/actors.ts';
import { keptCaller } from './caller-cache.ts';

export { SESSION_COOKIE } from './cookies.ts';

/** Reads `Authorization: Bearer <key>`; returns the key or undefined. */
export function bearerToken(request: Request): string | undefined {
  const header = request.headers.get('authorization');
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}

/**
 * Resolves who is calling: a team API key (Authorization: Bearer) wins over a session cookie.
 * An unknown key or session is anonymous; endpoints decide between 401 and 403. Known callers are kept in memory
 * for a while (caller-cache.ts), so a key's recorded last use lags by up to CALLER_MAX_AGE_MS more.
 */
export async function resolveActor(db: DB, request: Request, sessionToken: string | undefined): Promise<Actor> {
  const key = bearerToken(request);
  if (!key && !sessionToken) return anonymous;
  const now = new Date();
  const lookUp = async (): Promise<Actor | undefined> => {
    if (key) {
      const hash = hashSecret(key);
      return keptCaller(db, `key:${hash}`, now.getTime(), async () => {
        const team = await findTeamByApiKeyHash(db, hash, now);
        return team && { actor: { kind: 'team-key', teamId: team.id, teamTag: team.tag } };
      });
    }
    const hash = hashSecret(sessionToken!);
    return keptCaller(db, `session:${hash}`, now.getTime(), () => findSessionCaller(db, hash, now));
  };
  // The caller of a change (a match report, an approval) is looked up ahead of the crowd's reads (db/priority.ts),
  // as the change itself is.
  return (await (isStateChange(request) ? urgently(lookUp) : lookUp())) ?? anonymous;
}
