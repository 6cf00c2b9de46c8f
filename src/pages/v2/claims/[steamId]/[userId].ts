import { endpoint, jsonResponse } from '#lib/server/http/answers/respond.ts';
import { readJson } from '#lib/server/http/answers/request.ts';
import { notFound } from '#lib/server/core/errors.ts';
import { messages } from '#lib/server/core/messages.ts';
import { getDb } from '#lib/server/app.ts';
import { requireUser } from '#lib/server/auth/guards.ts';
import { claimDecisionSchema } from '#lib/schemas/claim.ts';
import { decideClaim } from '#lib/server/services/claim-reviews.ts';
import { idOf } from '#lib/schemas/id.ts';

/** {action: 'approve' | 'reject'} on a pending claim (an admin, or a manager of the player's team): 200. */
export const POST = endpoint(async ({ locals, params, request }) => {
  requireUser(locals.actor);
  const steamId = params.steamId ?? '';
  const userId = idOf(params.userId);
  if (userId === undefined) throw notFound(messages.claimReviewNotFound(steamId, params.userId ?? ''));
  const body = await readJson(request, claimDecisionSchema);
  return jsonResponse(await decideClaim(await getDb(), locals.actor, steamId, userId, body.action));
});
