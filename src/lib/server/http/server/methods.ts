import { operations } from '#lib/server/openapi/operations.ts';
import { isApiPath } from './page-routes.ts';
import { errorResponse } from '#lib/server/http/answers/respond.ts';
import { HttpError } from '#lib/server/core/errors.ts';
import { messages } from '#lib/server/core/messages.ts';

/** What pages (and static files) answer: they only show things. */
export const PAGE_METHODS = ['GET', 'HEAD', 'OPTIONS'] as const;

interface Route {
  pattern: RegExp;
  methods: string[];
}

/** The API's routes from the operations table: a `{name}` segment matches one path segment. */
const routes: Route[] = (() => {
  const byPath = new Map<string, string[]>();
  for (const op of operations) byPath.set(op.path, [...(byPath.get(op.path) ?? []), op.method.toUpperCase()]);
  return [...byPath].map(([path, methods]) => {
    const source = path
      .split('/')
      .map((segment) => (/^\{\w+\}$/.test(segment) ? '[^/]+' : segment.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
      .join('/');
    const all = methods.includes('GET') ? [...methods, 'HEAD'] : methods;
    return { pattern: new RegExp(`^${source}/?$`), methods: [...new Set([...all, 'OPTIONS'])].sort() };
  });
})();

/**
 * The methods `pathname` answers: an API route's declared methods (with HEAD beside GET, and OPTIONS), or
 * PAGE_METHODS for anything else; undefined for an API path no route declares.
 */
export function allowedMethods(pathname: string): string[] | undefined {
  if (!isApiPath(pathname)) return [...PAGE_METHODS];
  return routes.find((route) => route.pattern.test(pathname))?.methods;
}

/** How a request's method is answered before any route runs, or undefined when the route should answer it. */
export type MethodOutcome =
  { kind: 'unknown-route' } | { kind: 'options'; allow: string[] } | { kind: 'not-allowed'; allow: string[] };

/** Decides unknown API paths (404), OPTIONS (204 with Allow) and methods a route does not have (405 with Allow). */
export function checkMethod(method: string, pathname: string): MethodOutcome | undefined {
  const allow = allowedMethods(pathname);
  if (!allow) return { kind: 'unknown-route' };
  if (method === 'OPTIONS') return { kind: 'options', allow };
  return allow.includes(method) ? undefined : { kind: 'not-allowed', allow };
}

/** The answer to a method outcome: JSON for the API, plain text for pages; Allow on 204 and 405. */
export function methodAnswer(outcome: MethodOutcome, method: string, pathname: string): Response {
  const api = isApiPath(pathname);
  if (outcome.kind === 'unknown-route')
    return errorResponse(new HttpError(404, messages.apiRouteNotFound(pathname.slice(0, 200))));
  const allow = outcome.allow.join(', ');
  if (outcome.kind === 'options') return new Response(null, { status: 204, headers: { allow } });
  const message = messages.methodNotAllowed(method.slice(0, 20), allow);
  return api
    ? errorResponse(new HttpError(405, message, {}, { allow }))
    : new Response(message, { status: 405, headers: { allow, 'content-type': 'text/plain; charset=utf-8' } });
}
