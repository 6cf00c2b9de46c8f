import { createHmac } from 'node:crypto';

/**
 * The CSRF token of a session: an HMAC keyed by the session's secret token. Only the holder of the (HttpOnly)
 * session cookie can know it, it cannot be chosen by whoever plants cookies, and it needs no server-side secret
 * or storage: every instance of the site derives the same token.
 */
export function csrfTokenFor(sessionToken: string): string {
  return createHmac('sha256', sessionToken).update('hss csrf token v1').digest('base64url');
}
