import { defineMiddleware } from 'astro:middleware';
import { getDb } from './lib/server/db/index.ts';
import { resolveActor, SESSION_COOKIE } from './lib/server/auth/resolve-actor.ts';
import { isApiOrAsset, seriesRedirect } from './lib/server/http/page-routes.ts';
import { getDefaultSeries } from './lib/server/services/series.ts';
import { errorResponse } from './lib/server/http/respond.ts';
import { CSRF_COOKIE, ensureCsrfCookie } from './lib/server/auth/cookies.ts';
import { assertCsrf, needsCsrfCheck } from './lib/server/auth/csrf.ts';
import { invalidatePublicReads } from './lib/server/http/read-cache.ts';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const SECURITY_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
};

function isPublicRead(response: Response): boolean {
  return /\bpublic\b/.test(response.headers.get('cache-control') ?? '');
}

export const onRequest = defineMiddleware(async (context, next) => {
  const { request, url } = context;
  const api = isApiOrAsset(url.pathname);
  if (context.isPrerendered) return next();
  let response: Response;
  try {
    const db = await getDb();
    context.locals.actor = await resolveActor(db, request, context.cookies.get(SESSION_COOKIE)?.value);
    // The token the browser holds now (before a fresh one is issued) is the one its request must repeat.
    const csrfCookie = context.cookies.get(CSRF_COOKIE)?.value;
    if (needsCsrfCheck(request, context.locals.actor)) await assertCsrf(request, csrfCookie);
    // Pages render the token into their forms, so it must exist before rendering.
    if (!api) ensureCsrfCookie(context.cookies);
    if (!api && request.method === 'GET') {
      const target = seriesRedirect(url, (await getDefaultSeries(db))?.tag);
      if (target) return context.redirect(target.pathname + target.search, 302);
    }
    response = await next();
    // Any successful change may show in public answers: cached ones must not outlive it.
    if (!READ_METHODS.has(request.method) && response.status < 400) invalidatePublicReads(db);
    // Shared caches refuse responses that set cookies, so public API reads go without the CSRF cookie;
    // every page (and every caller-dependent answer) hands one out for the islands to copy into requests.
    if (api && !isPublicRead(response)) ensureCsrfCookie(context.cookies);
  } catch (error) {
    if (!api) throw error;
    response = errorResponse(error);
  }
  try {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
      if (!response.headers.has(name)) response.headers.set(name, value);
    }
  } catch {
    // Some responses (redirects) have immutable headers; they carry no content to protect.
  }
  return response;
});
