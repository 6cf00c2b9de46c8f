import { getConfig } from '#lib/server/config.ts';

/*
 * The headers every answer of the site carries, whatever produced it: pages, endpoints, error pages, redirects,
 * static files. The site server (site-server.ts) sets them on every response and computes the Content-Security-
 * Policy of each HTML answer from the inline scripts of the build; the middleware adds the same set, so that the development
 * server and the answers built before a page exists carry them too (the development server sends no HTML policy:
 * its pages carry Vite's own inline scripts).
 */

const BASE_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()',
  'cross-origin-opener-policy': 'same-origin',
};

/** Browsers that saw the site over https keep to https for a year. */
const HSTS = 'max-age=31536000';

/** The policy of everything but HTML (JSON, files, redirects): nothing may run or frame it. */
export const NON_HTML_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * The policy of an HTML page: scripts only from the site and the inline scripts whose hashes are given (those the
 * build can emit: Astro's island runtime and client directives; never 'unsafe-inline'), styles from the site and inline
 * (style attributes), images from anywhere over https (team icons), no plugins, no framing, forms only to the site.
 */
export function htmlCsp(scriptHashes: readonly string[]): string {
  const scripts = ["'self'", ...scriptHashes.map((hash) => `'${hash}'`)].join(' ');
  return [
    "default-src 'self'",
    `script-src ${scripts}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** True when visitors reach the site over https (PUBLIC_URL), so that HSTS is sent. */
export function siteIsHttps(): boolean {
  return getConfig().publicUrl.startsWith('https:');
}

/** The headers every answer carries (HSTS under https), without the Content-Security-Policy. */
export function baseSecurityHeaders(https = siteIsHttps()): Record<string, string> {
  return https ? { ...BASE_HEADERS, 'strict-transport-security': HSTS } : { ...BASE_HEADERS };
}

function isHtml(headers: Headers): boolean {
  return /^text\/html/i.test(headers.get('content-type') ?? '');
}

function addTo(headers: Headers): void {
  for (const [name, value] of Object.entries(baseSecurityHeaders())) if (!headers.has(name)) headers.set(name, value);
  if (isHtml(headers)) {
    const type = headers.get('content-type') ?? '';
    if (!/charset=/i.test(type)) headers.set('content-type', `${type}; charset=utf-8`);
  } else if (!headers.has('content-security-policy')) headers.set('content-security-policy', NON_HTML_CSP);
}

/**
 * `response` with the security headers added (a copy when its headers are immutable, as on redirects). An HTML
 * answer gets its charset here and its policy from the site server, which sees the whole document.
 */
export function withSecurityHeaders(response: Response): Response {
  try {
    addTo(response.headers);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    addTo(copy.headers);
    return copy;
  }
}

/** The security headers as a plain record, for responses built before the page exists (error reroutes). */
export function securityHeaderRecord(): Record<string, string> {
  return baseSecurityHeaders();
}
