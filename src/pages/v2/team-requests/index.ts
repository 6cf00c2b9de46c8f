import { endpoint, jsonResponse } from '#lib/server/http/answers/respond.ts';
import { readJson, readQuery } from '#lib/server/http/answers/request.ts';
import { getDb } from '#lib/server/app.ts';
import { requireUser } from '#lib/server/auth/guards.ts';
import { registrationInputSchema, registrationQuerySchema } from '#lib/schemas/registration.ts';
import { getRegistrations, requestRegistration } from '#lib/server/services/registration.ts';

/** Registration requests with ?status (default pending): all for an admin, one's own otherwise. */
export const GET = endpoint(async ({ locals, url }) => {
  requireUser(locals.actor);
  const query = readQuery(url, registrationQuerySchema);
  return jsonResponse(await getRegistrations(await getDb(), locals.actor, query.status));
});

/** A signed-in user requests a team registration: 201 with the request. */
export const POST = endpoint(async ({ locals, request }) => {
  requireUser(locals.actor);
  const body = await readJson(request, registrationInputSchema);
  return jsonResponse(await requestRegistration(await getDb(), locals.actor, body), 201);
});
