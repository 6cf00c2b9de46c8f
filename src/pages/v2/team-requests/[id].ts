import { endpoint, jsonResponse } from '#lib/server/http/answers/respond.ts';
import { readJson } from '#lib/server/http/answers/request.ts';
import { notFound } from '#lib/server/core/errors.ts';
import { messages } from '#lib/server/core/messages.ts';
import { getDb } from '#lib/server/app.ts';
import { requireAdmin } from '#lib/server/auth/guards.ts';
import { registrationDecisionSchema } from '#lib/schemas/registration.ts';
import { decideRegistration } from '#lib/server/services/registration.ts';
import { idOf } from '#lib/schemas/id.ts';

/** {action: 'accept'} or {action: 'reject', reason?} (admin): 200 with the decided request. */
export const POST = endpoint(async ({ locals, params, request }) => {
  requireAdmin(locals.actor);
  const id = idOf(params.id);
  if (id === undefined) throw notFound(messages.registrationNotFound(params.id ?? ''));
  const body = await readJson(request, registrationDecisionSchema);
  return jsonResponse(await decideRegistration(await getDb(), locals.actor, id, body));
});
