import type { APIContext } from 'astro';
import { DATABASE_RETRY_SECONDS, HttpError, STATUS_OVERRIDE_HEADER } from '#lib/server/core/errors.ts';
import { securityHeaderRecord } from '#lib/server/http/server/security-headers.ts';
import { databaseUnavailableError } from '#lib/server/core/database-errors.ts';
import { paths } from '#lib/links.ts';

const unavailableRequests = new WeakSet<Request>();

/** Whether this request's page failed because the database could not answer (the 500 page words it so). */
export function failedForDatabase(request: Request): boolean {
  return unavailableRequests.has(request);
}

/**
 * The one error convention of pages. Page loaders throw the same HttpErrors as the API; this turns them into
 * what a person should see: not found (and a malformed address) -> the 404 page, signed out where a page needs a
 * person -> sign in and come back, forbidden -> the 403 page, anything else -> the 500 page
 * ('Unexpected Application Error!', never a stack trace; the error is logged), except when the database could not
 * answer: then the same page says so and the answer is a 503 with Retry-After.
 */
export function pageFailure(context: APIContext, error: unknown): Response | Promise<Response> {
  if (databaseUnavailableError(error)) {
    unavailableRequests.add(context.request);
    // Astro renders its 500 page only for an empty 500 and then keeps that status: the site server applies the
    // status asked for here (site-server.ts).
    return new Response(null, {
      status: 500,
      headers: {
        ...securityHeaderRecord(),
        'retry-after': String(DATABASE_RETRY_SECONDS),
        [STATUS_OVERRIDE_HEADER]: '503',
      },
    });
  }
  const status = error instanceof HttpError ? error.status : 500;
  if (status === 401) {
    const back = context.url.pathname + context.url.search;
    return context.redirect(paths.signIn(back), 302);
  }
  if (status === 403) return context.rewrite(withSameQuery(context.url, '/403'));
  if (status === 400 || status === 404) return new Response(null, { status: 404, headers: securityHeaderRecord() });
  if (!(error instanceof HttpError)) console.error('Unexpected error while rendering', context.url.pathname, error);
  // An empty 500 makes Astro render src/pages/500.astro, keeping these headers.
  return new Response(null, { status: 500, headers: securityHeaderRecord() });
}

function withSameQuery(url: URL, pathname: string): URL {
  const target = new URL(url);
  target.pathname = pathname;
  return target;
}
