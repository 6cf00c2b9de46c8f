import { endpoint, jsonResponse, noContent } from '#lib/server/http/answers/respond.ts';
import { readJson } from '#lib/server/http/answers/request.ts';
import { getDb } from '#lib/server/app.ts';
import { requireUser } from '#lib/server/auth/guards.ts';
import { claimVisibilityInputSchema } from '#lib/schemas/claim.ts';
import { setProfileVisibility, unclaimProfile } from '#lib/server/services/claims.ts';

/** Unclaims a profile (owner or admin): 204. */
export const DELETE = endpoint(async ({ locals, params }) => {
  await unclaimProfile(await getDb(), locals.actor, params.steamId ?? '');
  return noContent();
});

/** Sets the visibility of one's own profile: 200 {steam_id, visibility}. */
export const PUT = endpoint(async ({ locals, params, request }) => {
  requireUser(locals.actor);
  const body = await readJson(request, claimVisibilityInputSchema);
  return jsonResponse(await setProfileVisibility(await getDb(), locals.actor, params.steamId ?? '', body.visibility));
});
