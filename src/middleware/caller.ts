import { defineMiddleware } from 'astro:middleware';
import { getDb } from '#lib/server/db/index.ts';
import { resolveActor, SESSION_COOKIE } from '#lib/server/auth/resolve-actor.ts';
import { CSRF_COOKIE, ensureCsrfCookie } from '#lib/server/auth/cookies.ts';
import { assertCsrf, needsCsrfCheck } from '#lib/server/auth/csrf.ts';
import { isApiOrAsset } from '#lib/server/http/page-routes.ts';

function isPublicRead(response: Response): boolean {
  return /\bpublic\b/.test(response.headers.get('cache-control') ?? '');
}

/**
 * Who is calling (`Astro.locals.actor`: a session, a team API key or anonymous) and, for state changes made with
 * a session, the CSRF check. Pages get the CSRF token they render into forms (`Astro.locals.csrfToken`).
 */
export const caller = defineMiddleware(async (context, next) => {
  const { request } = context;
  const db = await getDb();
  context.locals.actor = await resolveActor(db, request, context.cookies.get(SESSION_COOKIE)?.value);
  // The token the browser holds now (before a fresh one is issued) is the one its request must repeat.
  const csrfCookie = context.cookies.get(CSRF_COOKIE)?.value;
  if (needsCsrfCheck(request, context.locals.actor)) await assertCsrf(request, csrfCookie);
  const api = isApiOrAsset(context.url.pathname);
  // Pages render the token into their forms, so it must exist before rendering.
  if (!api) context.locals.csrfToken = ensureCsrfCookie(context.cookies);
  const response = await next();
  // Shared caches refuse responses that set cookies, so public API reads go without the CSRF cookie;
  // every caller-dependent API answer hands one out for the islands to copy into requests.
  if (api && !isPublicRead(response)) ensureCsrfCookie(context.cookies);
  return response;
});
