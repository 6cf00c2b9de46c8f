import { endpoint, jsonResponse } from '#lib/server/http/answers/respond.ts';
import { readJson } from '#lib/server/http/answers/request.ts';
import { getDb } from '#lib/server/app.ts';
import { requireUser } from '#lib/server/auth/guards.ts';
import { claimInputSchema } from '#lib/schemas/claim.ts';
import { claimProfile } from '#lib/server/services/claims.ts';

/** Claims a player profile: 201 {steam_id, visibility}. */
export const POST = endpoint(async ({ locals, request }) => {
  requireUser(locals.actor);
  const body = await readJson(request, claimInputSchema);
  return jsonResponse(await claimProfile(await getDb(), locals.actor, body.steam_id), 201);
});
