import { endpoint, json } from '#lib/server/http/respond.ts';
import { readJson } from '#lib/server/http/request.ts';
import { getDb } from '#lib/server/app.ts';
import { requireUser } from '#lib/server/auth/guards.ts';
import { claimInputSchema } from '#lib/schemas/claim.ts';
import { claimProfile } from '#lib/server/services/claims.ts';

/** Claims a player profile: 201 {steam_id, visibility}. */
export const POST = endpoint(async ({ locals, request }) => {
  requireUser(locals.actor);
  const body = await readJson(request, claimInputSchema);
  return json(await claimProfile(await getDb(), locals.actor, body.steam_id), 201);
});
