import { timingSafeEqual } from 'node:crypto';
import type { Actor } from './actor.ts';
import { CSRF_FIELD, CSRF_HEADER } from './cookies.ts';
import { csrfTokenFor } from './csrf-token.ts';
import { forbidden } from '#lib/server/core/errors.ts';
import { messages } from '#lib/server/core/messages.ts';

export { csrfTokenFor } from './csrf-token.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** True for the methods that change state. */
export function isStateChange(request: Request): boolean {
  return STATE_CHANGING.has(request.method);
}

/** True when `request` changes state on behalf of a session, so that it must prove it came from our pages. */
export function needsCsrfCheck(request: Request, actor: Actor): boolean {
  // Team API keys (Bearer) are not sent by browsers on their own; anonymous requests change nothing of a user.
  return isStateChange(request) && actor.kind === 'user' && actor.sessionId !== null;
}

/**
 * Refuses (403) a state change that a browser says comes from another site: an `Origin` other than this site's
 * (PUBLIC_URL's, or the address the request was made to), `Origin: null`, or `Sec-Fetch-Site: cross-site`.
 * Requests without either header (API clients, old browsers) pass on to the CSRF token check.
 */
export function assertSameSite(request: Request, ownOrigins: readonly string[]): void {
  const origin = request.headers.get('origin');
  if (origin !== null && !ownOrigins.includes(origin.toLowerCase())) throw forbidden(messages.crossSiteRefused);
  if (request.headers.get('sec-fetch-site')?.toLowerCase() === 'cross-site') throw forbidden(messages.crossSiteRefused);
}

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Plain forms that carry a token (sign-out) are tiny; larger bodies must use the header. */
const MAX_FORM_BYTES = 16 * 1024;

/**
 * The token a plain HTML form carries in its `csrf_token` field, read from a copy of the body. Only small
 * url-encoded forms are read, so that an upload without the header is refused before its body is buffered.
 */
async function formToken(request: Request): Promise<string | undefined> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/x-www-form-urlencoded/i.test(type)) return undefined;
  const length = Number(request.headers.get('content-length') ?? 'NaN');
  if (!(length <= MAX_FORM_BYTES)) return undefined;
  try {
    const value = (await request.clone().formData()).get(CSRF_FIELD);
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The session-bound check: the `X-CSRF-Token` header (or a form's `csrf_token` field) must be the token of the
 * session the request is signed in with (csrfTokenFor). A cookie the request carries proves nothing: whoever can
 * plant a cookie could plant a matching pair. Throws a 403 HttpError otherwise.
 */
export async function assertCsrf(request: Request, sessionToken: string): Promise<void> {
  const sent = request.headers.get(CSRF_HEADER) ?? (await formToken(request));
  if (!sent) throw forbidden(messages.csrfMissing);
  if (!same(sent, csrfTokenFor(sessionToken))) throw forbidden(messages.csrfMismatch);
}
