/** Headers every answer of the site carries, whatever produced it (page, endpoint, error page, redirect). */
const SECURITY_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
};

function addTo(headers: Headers): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) if (!headers.has(name)) headers.set(name, value);
}

/** `response` with the security headers added (a copy when its headers are immutable, as on redirects). */
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
  return { ...SECURITY_HEADERS };
}
