import type { DB } from '#lib/server/db/index.ts';
import { urgently } from '#lib/server/db/priority.ts';
import { anonymous, type Actor } from './actor.ts';
import { isStateChange } from './csrf.ts';
import { hashSecret } from './tokens.ts';
import { findTeamByApiKeyHash, findUserBySessionHash } from '#lib/server/repositories/actors.ts';

export { SESSION_COOKIE } from './cookies.ts';

/** Reads `Authorization: Bearer <key>`; returns the key or undefined. */
export function bearerToken(request: Request): string | undefined {
  const header = request.headers.get('authorization');
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}

/**
 * Resolves who is calling: a team API key (Authorization: Bearer) wins over a session cookie.
 * An unknown key or session is anonymous; endpoints decide between 401 and 403.
 */
export async function resolveActor(db: DB, request: Request, sessionToken: string | undefined): Promise<Actor> {
  const key = bearerToken(request);
  if (!key && !sessionToken) return anonymous;
  const lookUp = async (): Promise<Actor> => {
    if (key) {
      const team = await findTeamByApiKeyHash(db, hashSecret(key));
      return team ? { kind: 'team-key', teamId: team.id, teamTag: team.tag } : anonymous;
    }
    return (sessionToken && (await findUserBySessionHash(db, hashSecret(sessionToken)))) || anonymous;
  };
  // The caller of a change (a match report, an approval) is looked up ahead of the crowd's reads (db/priority.ts),
  // as the change itself is.
  return isStateChange(request) ? urgently(lookUp) : lookUp();
}
