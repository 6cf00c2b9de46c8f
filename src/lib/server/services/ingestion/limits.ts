import type { Actor } from '#lib/server/auth/actor.ts';
import { RateLimiter } from '#lib/server/core/rate-limit.ts';

/** Reports per minute per team key, user or (anonymous) client address. HLU retries each failure once. */
export const REPORTS_PER_MINUTE = 30;

export const reportRateLimiter = new RateLimiter(REPORTS_PER_MINUTE, 60_000);

/** The rate-limit bucket of a caller: the key's team tag, the user id, else the client address. */
export function reportRateKey(actor: Actor, clientAddress: string): string {
  if (actor.kind === 'team-key') return `team:${actor.teamTag.toLowerCase()}`;
  if (actor.kind === 'user') return `user:${actor.userId}`;
  return `ip:${clientAddress}`;
}
