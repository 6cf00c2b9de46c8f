import type { APIContext, APIRoute } from 'astro';
import { z } from 'zod';
import { HttpError } from '#lib/server/core/errors.ts';
import { messages } from '#lib/server/core/messages.ts';
import { databaseUnavailableError } from '#lib/server/core/database-errors.ts';
import { describeZodError } from '#lib/server/core/zod-errors.ts';

/** A JSON response with the given status. */
export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

/** An empty 204 response. */
export function noContent(): Response {
  return new Response(null, { status: 204 });
}

/** Turns any thrown value into the JSON error response a client should see; unexpected errors are logged. */
export function errorResponse(error: unknown): Response {
  if (error instanceof HttpError)
    return jsonResponse({ error: error.message, code: error.code, ...error.details }, error.status, error.headers);
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
