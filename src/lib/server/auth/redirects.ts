import { isSameOriginPath } from '#lib/links.ts';
import type { LoginErrorCode } from '#lib/schemas/login-error.ts';

/**
 * `target` when it is a safe same-origin path, else '/', ready for a Location header: characters a header cannot
 * carry (anything outside printable ASCII, an accented path for one) percent-encoded as UTF-8, escapes kept.
 */
export function safeRedirect(target: string | null | undefined): string {
  return target && isSafeRedirect(target) ? locationOf(target) : '/';
}

/**
 * `path` with every run of characters outside printable ASCII percent-encoded as UTF-8 (an unpaired surrogate as
 * U+FFFD); existing %-escapes and ASCII are left as they are. A Location header with raw non-Latin-1 text cannot
 * even be built (it answered 500 after the sign-in had happened).
 */
export function locationOf(path: string): string {
  return path.replace(/[^\x21-\x7e]+/gu, (run) => encodeURIComponent(run.toWellFormed()));
}

/** True for a redirect_uri that stays on this site: a path, not '//host', not an absolute URL, no backslashes. */
export function isSafeRedirect(target: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must be refused here
  return isSameOriginPath(target) && !target.includes('\\') && !/[\u0000-\u001f]/.test(target);
}

/**
 * The same-origin path with `login_error=<code>` added to its query (replacing an older one). Only a code travels
 * in the address: the page shows the catalogue's words for it (src/lib/schemas/login-error.ts).
 */
export function withLoginError(target: string, code: LoginErrorCode): string {
  const url = new URL(safeRedirect(target), 'http://site.invalid');
  url.searchParams.set('login_error', code);
  return url.pathname + url.search + url.hash;
}
