import type { AstroCookies } from 'astro';
import { getConfig } from '#lib/server/config.ts';
import { randomToken } from './tokens.ts';

export const SESSION_COOKIE = 'hss_session';
export const CSRF_COOKIE = 'csrf_token';
export const CSRF_HEADER = 'x-csrf-token';
export const CSRF_FIELD = 'csrf_token';

/** Cookies are Secure when the public address of the site is https. */
function secure(): boolean {
  return getConfig().publicUrl.startsWith('https:');
}

/** Sets the session cookie: HttpOnly, SameSite=Lax, Path=/, Secure on https, expiring with the session. */
export function setSessionCookie(cookies: AstroCookies, token: string, expires: Date): void {
  cookies.set(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', path: '/', secure: secure(), expires });
}

/** Removes the session cookie from the browser. */
export function clearSessionCookie(cookies: AstroCookies): void {
  cookies.delete(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: secure() });
}

/**
 * The CSRF token of this browser, set as a readable cookie (not HttpOnly, so that scripts can copy it into the
 * X-CSRF-Token header) when it is missing or malformed.
 */
export function ensureCsrfCookie(cookies: AstroCookies): string {
  const current = cookies.get(CSRF_COOKIE)?.value;
  if (current && /^[A-Za-z0-9_-]{20,100}$/.test(current)) return current;
  const token = randomToken(24);
  cookies.set(CSRF_COOKIE, token, { httpOnly: false, sameSite: 'lax', path: '/', secure: secure() });
  return token;
}
