import { defineMiddleware } from 'astro:middleware';
import { getDb } from '#lib/server/app.ts';
import { getConfig } from '#lib/server/config.ts';
import { resolveActor, SESSION_COOKIE } from '#lib/server/auth/resolve-actor.ts';
import { ensureCsrfCookie } from '#lib/server/auth/cookies.ts';
import { assertCsrf, assertSameSite, csrfTokenFor, isStateChange, needsCsrfCheck } from '#lib/server/auth/csrf.ts';
import { isApiOrAsset } from '#lib/server/http/server/page-routes.ts';
import { anonymous } from '#lib/server/auth/actor.ts';
import { withCachePolicy } from '#lib/server/http/answers/cache-control.ts';

function isPublicRead(response: Response): boolean {
  return /\bpublic\b/.test(response.headers.get('cache-control') ?? '');
}

/**
 * Who is calling (`Astro.locals.actor`: a session, a team API key or anonymous) and, for state changes, the
 * cross-site refusal (Origin / Sec-Fetch-Site) and, with a session, the session-bound CSRF token check. Pages get
 * the token they render into forms (`Astro.locals.csrfToken`, '' when signed out); the browser gets it in the
 * readable CSRF cookie for the islands.
 */
export const caller = defineMiddleware(async (context, next) => {
  const { request } = context;
  // The error screen shows no one's data and must render while the database is down.
  if (context.routePattern === '/500') {
    context.locals.actor = anonymous;
    context.locals.csrfToken = '';
    return next();
  }
  const db = await getDb();
  const sessionToken = context.cookies.get(SESSION_COOKIE)?.value;
  const actor = await resolveActor(db, request, sessionToken);
  context.locals.actor = actor;
  // Team API keys are sent by programs, never by a browser on its own: they are exempt, as from the token check.
  if (isStateChange(request) && actor.kind !== 'team-key') {
    assertSameSite(request, [new URL(getConfig().publicUrl).origin, context.url.origin]);
  }
  if (needsCsrfCheck(request, actor)) await assertCsrf(request, sessionToken ?? '');
  const session = actor.kind === 'user' && actor.sessionId !== null ? sessionToken : undefined;
  const api = isApiOrAsset(context.url.pathname);
  // Pages render the token into their forms, and the cookie must be there before the page's islands act.
  context.locals.csrfToken = session ? (api ? csrfTokenFor(session) : ensureCsrfCookie(context.cookies, session)) : '';
  const response = await next();
  // Shared caches refuse responses that set cookies, so public API reads go without the CSRF cookie; every
  // caller-dependent API answer of a session hands it out, unless the request just signed in or out (the session
  // cookie changed, and with it the CSRF cookie).
  const unchanged = context.cookies.get(SESSION_COOKIE)?.value === session;
  if (api && session && unchanged && !isPublicRead(response)) ensureCsrfCookie(context.cookies, session);
  const setsCookies = [...context.cookies.headers()].length > 0;
  return withCachePolicy(response, { credentials: actor.kind !== 'anonymous' || setsCookies, page: !api });
});
