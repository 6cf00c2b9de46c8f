import type { APIContext, APIRoute } from 'astro';
import { z } from 'zod';
import { DATABASE_RETRY_SECONDS, HttpError } from './errors.ts';
import { messages } from './messages.ts';
import { databaseFailure } from '#lib/server/db/outage.ts';
import { ordinal } from '#lib/format/ordinal.ts';

/** A JSON response with the given status. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

/** An empty 204 response. */
export function noContent(): Response {
  return new Response(null, { status: 204 });
}

/**
 * A zod issue's path in words: the field's name, and a list item by its place rather than its index
 * (`['type', 0]` -> name 'type', "its 1st value"); `prefix` names the field the path is inside (`data`).
 */
export function fieldInWords(
  path: readonly PropertyKey[],
  reason: string,
  prefix: string[] = [],
): { name: string; reason: string } {
  const names = [...prefix, ...path.filter((part) => typeof part !== 'number').map(String)];
  const places = path.filter((part): part is number => typeof part === 'number').map((n) => `${ordinal(n + 1)}`);
  const name = names.length ? names.join('.') : 'body';
  if (places.length === 0) return { name, reason };
  const which = places.length === 1 ? `its ${places[0]} value` : `its value at ${places.join(', ')} place`;
  return { name, reason: `${which} ${reason}` };
}

/** Describes the first zod issues as "'field': reason" so that a 400 names what is wrong, in words. */
export function describeZodError(
  error: z.ZodError,
  kind: 'parameter' | 'field' = 'field',
  prefix: string[] = [],
): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => {
      const { name, reason } = fieldInWords(issue.path, issue.message, prefix);
      return kind === 'parameter' ? messages.invalidParameter(name, reason) : messages.invalidField(name, reason);
    })
    .join('; ');
}

/**
 * The 503 for an error that says the database could not answer (down, unreachable, no free connection in time,
 * a statement past its timeout), with Retry-After; undefined for any other error. Logged without the stack: the
 * cause is outside this request.
 */
export function databaseUnavailableError(error: unknown): HttpError | undefined {
  const failure = databaseFailure(error);
  if (!failure) return undefined;
  console.error(`Database ${failure === 'timeout' ? 'timeout' : 'unavailable'}: ${(error as Error).message}`);
  return new HttpError(
    503,
    failure === 'timeout' ? messages.databaseBusy : messages.databaseUnavailable,
    {},
    { 'retry-after': String(DATABASE_RETRY_SECONDS) },
  );
}

/** Turns any thrown value into the JSON error response a client should see; unexpected errors are logged. */
export function errorResponse(error: unknown): Response {
  if (error instanceof HttpError)
    return json({ error: error.message, code: error.code, ...error.details }, error.status, error.headers);
  if (error instanceof z.ZodError) return errorResponse(new HttpError(400, describeZodError(error)));
  const unavailable = databaseUnavailableError(error);
  if (unavailable) return errorResponse(unavailable);
  console.error('Unhandled error in API endpoint:', error);
  return errorResponse(new HttpError(500, messages.internal));
}

/** Wraps an endpoint so that thrown HttpErrors and validation errors become JSON 4xx responses, never crashes. */
export function endpoint(handler: (context: APIContext) => Promise<Response> | Response): APIRoute {
  return async (context) => {
    try {
      return await handler(context);
    } catch (error) {
      return errorResponse(error);
    }
  };
}
