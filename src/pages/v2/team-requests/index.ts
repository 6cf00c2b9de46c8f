import { endpoint, json } from '#lib/server/http/respond.ts';
import { readJson, readQuery } from '#lib/server/http/request.ts';
import { getDb } from '#lib/server/app.ts';
import { requireUser } from '#lib/server/auth/guards.ts';
import { registrationInputSchema, registrationQuerySchema } from '#lib/schemas/registration.ts';
import { getRegistrations, requestRegistration } from '#lib/server/services/registration.ts';

/** Registration requests with ?status (default pending): all for an admin, one's own otherwise. */
export const GET = endpoint(async ({ locals, url }) => {
  requireUser(locals.actor);
  const query = readQuery(url, registrationQuerySchema);
  return json(await getRegistrations(await getDb(), locals.actor, query.status));
});

/** A signed-in user requests a team registration: 201 with the request. */
export const POST = endpoint(async ({ locals, request }) => {
  requireUser(locals.actor);
  const body = await readJson(request, registrationInputSchema);
  return json(await requestRegistration(await getDb(), locals.actor, body), 201);
});
