/**
 * What every island's calls share, without the API client and its schemas (#lib/client/api.ts, loaded on the first
 * call): the error a failed call throws and the session's CSRF token. An island's first tap loads only this.
 */

/** A failed call: `status` and the parsed body (`{error}` for API errors). 204 answers never fail. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  constructor(status: number, body: unknown) {
    super(`HTTP request failed with status code: ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
  /** The server's `error` text when the body has one. */
  get serverMessage(): string | undefined {
    const body = this.body as { error?: unknown } | undefined;
    return typeof body?.error === 'string' ? body.error : undefined;
  }
}

/** The names of the readable cookie holding the session's CSRF token: `__Host-csrf` on https, `csrf_token` on http. */
export const CSRF_COOKIE_NAMES = ['__Host-csrf', 'csrf_token'] as const;

/** The CSRF token of this document's session (from its CSRF cookie), if any. */
export function csrfFromDocumentCookie(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const match = document.cookie.match(/(?:^|;\s*)(?:__Host-csrf|csrf_token)=([^;]+)/);
  return match?.[1] ? decodeURIComponent(match[1]) : undefined;
}
