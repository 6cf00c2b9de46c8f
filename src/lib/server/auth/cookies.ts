import type { AstroCookies } from 'astro';
import { getConfig } from '#lib/server/config.ts';
import { csrfTokenFor } from './csrf-token.ts';

export const SESSION_COOKIE = 'hss_session';
/** The readable cookie carrying the session's CSRF token on plain http (development, loopback). */
export const CSRF_COOKIE_HTTP = 'csrf_token';
/** The same under https: the `__Host-` prefix makes browsers refuse it unless Secure, Path=/ and host-only. */
export const CSRF_COOKIE_HTTPS = '__Host-csrf';
export const CSRF_HEADER = 'x-csrf-token';
export const CSRF_FIELD = 'csrf_token';

/** Cookies are Secure when the public address of the site is https. */
function secure(): boolean {
  return getConfig().publicUrl.startsWith('https:');
}

/** The name of the CSRF cookie on this site: `__Host-csrf` under an https PUBLIC_URL, `csrf_token` on http. */
export function csrfCookieName(): string {
  return secure() ? CSRF_COOKIE_HTTPS : CSRF_COOKIE_HTTP;
}

/**
 * Sets the session cookie (HttpOnly, SameSite=Lax, Path=/, Secure on https, expiring with the session) and the
 * CSRF cookie bound to it, so that the pages and islands of the new session can make changes at once.
 */
export function setSessionCookie(cookies: AstroCookies, token: string, expires: Date): void {
  cookies.set(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', path: '/', secure: secure(), expires });
  setCsrfCookie(cookies, csrfTokenFor(token), expires);
}

/** Removes the session cookie and its CSRF cookie from the browser. */
export function clearSessionCookie(cookies: AstroCookies): void {
  cookies.delete(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: secure() });
  cookies.delete(csrfCookieName(), { path: '/', sameSite: 'lax', secure: secure() });
}

function setCsrfCookie(cookies: AstroCookies, token: string, expires?: Date): void {
  // Readable (not HttpOnly): the islands copy it into the X-CSRF-Token header. It is worth nothing without the
  // HttpOnly session cookie it is derived from.
  cookies.set(csrfCookieName(), token, {
    httpOnly: false,
    sameSite: 'lax',
    path: '/',
    secure: secure(),
    ...(expires ? { expires } : {}),
  });
}

/**
 * Makes the browser's CSRF cookie hold the token of `sessionToken` (sets it when missing or stale, e.g. after the
 * way it is derived changed) and returns that token.
 */
export function ensureCsrfCookie(cookies: AstroCookies, sessionToken: string): string {
  const token = csrfTokenFor(sessionToken);
  if (cookies.get(csrfCookieName())?.value !== token) setCsrfCookie(cookies, token);
  return token;
}
