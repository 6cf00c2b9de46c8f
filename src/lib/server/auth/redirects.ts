import { isSameOriginPath } from '#lib/links.ts';
import type { LoginErrorCode } from '#lib/schemas/login-error.ts';

/** `target` when it is a safe same-origin path, else '/'. */
export function safeRedirect(target: string | null | undefined): string {
  return target && isSafeRedirect(target) ? target : '/';
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
