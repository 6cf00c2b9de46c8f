import { defineMiddleware } from 'astro:middleware';
import { isApiOrAsset } from '#lib/server/http/server/page-routes.ts';
import { errorResponse } from '#lib/server/http/answers/respond.ts';
import { pageFailure } from '#lib/server/http/answers/page-errors.ts';
import { withSecurityHeaders } from '#lib/server/http/server/security-headers.ts';

/**
 * The outermost step: whatever an inner step, endpoint or page throws becomes an answer (`{ "error" }` JSON for
 * the API, the 404/403/500 page for pages), and every answer leaves with the security headers.
 */
export const respond = defineMiddleware(async (context, next) => {
  if (context.isPrerendered) return next();
  let response: Response;
  try {
    response = await next();
  } catch (error) {
    response = isApiOrAsset(context.url.pathname) ? errorResponse(error) : await pageFailure(context, error);
  }
  return withSecurityHeaders(response);
});
