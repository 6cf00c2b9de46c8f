import { RateLimiter, clientKey } from '#lib/server/core/rate-limit.ts';

/** Sign-in attempts (login, callback, demo) per client address: 60 a minute (a sign-in takes two). */
const signInLimiter = new RateLimiter(60, 60_000);

/** Counts a sign-in request of this client; throws a 429 HttpError with Retry-After past the limit. */
export function limitSignIn(clientAddress: string | undefined, request: Request): void {
  signInLimiter.hit(clientKey(clientAddress, request));
}
