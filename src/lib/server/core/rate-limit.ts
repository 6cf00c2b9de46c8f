import { HttpError } from './errors.ts';
import { messages } from './messages.ts';
import { getConfig } from '#lib/server/config.ts';

interface Window {
  count: number;
  resetAt: number;
}

/**
 * A fixed-window rate limiter kept in memory (the site runs as one process).
 * `hit(key)` counts a request and throws a 429 HttpError with Retry-After (seconds) past `limit` per `windowMs`.
 */
export class RateLimiter {
  readonly #limit: number;
  readonly #windowMs: number;
  readonly #windows = new Map<string, Window>();

  constructor(limit: number, windowMs: number) {
    this.#limit = limit;
    this.#windowMs = windowMs;
  }

  hit(key: string, now = Date.now()): void {
    let window = this.#windows.get(key);
    if (!window || window.resetAt <= now) {
      if (this.#windows.size > 10_000) this.#sweep(now);
      window = { count: 0, resetAt: now + this.#windowMs };
      this.#windows.set(key, window);
    }
    window.count += 1;
    if (window.count > this.#limit) {
      const retryAfter = Math.max(1, Math.ceil((window.resetAt - now) / 1000));
      throw new HttpError(429, messages.tooManyRequests(retryAfter), {}, { 'retry-after': String(retryAfter) });
    }
  }

  #sweep(now: number): void {
    for (const [key, window] of this.#windows) if (window.resetAt <= now) this.#windows.delete(key);
  }
}

/**
 * The client address for rate limiting: the socket address Astro gives, or, when TRUST_PROXY is set (the site
 * runs behind a reverse proxy), the first address of X-Forwarded-For; 'unknown' when there is none.
 */
export function clientKey(clientAddress: string | undefined, request?: Request): string {
  if (request && getConfig().trustProxy) {
    const forwarded = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  return clientAddress ?? 'unknown';
}
