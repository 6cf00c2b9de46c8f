import { endpoint, jsonResponse, noContent } from '#lib/server/http/answers/respond.ts';
import { readJson } from '#lib/server/http/answers/request.ts';
import { getDb } from '#lib/server/app.ts';
import { requireSignedIn } from '#lib/server/auth/guards.ts';
import { matchActionInputSchema, matchPatchInputSchema } from '#lib/schemas/match-input.ts';
import { badRequest } from '#lib/server/core/errors.ts';
import { messages } from '#lib/server/core/messages.ts';
import { correctMatch } from '#lib/server/services/match-corrections.ts';
import { decideMatch, deleteMatch } from '#lib/server/services/match-actions.ts';
import { setMatchStreams } from '#lib/server/services/match-edits.ts';
import { readEndpoints } from '#lib/server/http/answers/read-endpoints.ts';

/** {action: 'approve'|'dispute'}: the opposing team or an admin; 200 {match_id, calculation_status}. */
export const POST = endpoint(async ({ locals, params, request }) => {
  requireSignedIn(locals.actor);
  const body = await readJson(request, matchActionInputSchema);
  return jsonResponse(
    await decideMatch(await getDb(), locals.actor, params.series ?? '', params.matchId ?? '', body.action),
  );
});

/**
 * A correction of the report ({date, winner, result, victor_side}: an admin at any time, either team while the match
 * is not approved; a posted match's series is replayed) and/or its {streams} (either team or an admin), each field
 * optional, at least one: 204.
 */
export const PATCH = endpoint(async ({ locals, params, request }) => {
  requireSignedIn(locals.actor);
  const { streams, ...correction } = await readJson(request, matchPatchInputSchema);
  const where = { series: params.series ?? '', matchId: params.matchId ?? '' };
  const corrects = Object.values(correction).some((value) => value !== undefined);
  if (!corrects && streams === undefined) throw badRequest(messages.matchCorrectionEmpty);
  const db = await getDb();
  // The correction first: its rule is the stricter, so a refused one changes nothing.
  if (corrects) await correctMatch(db, locals.actor, where, correction);
  if (streams !== undefined) await setMatchStreams(db, locals.actor, where, streams);
  return noContent();
});

/** Deletes the match (an admin at any time, either team while it is not approved): 204. */
export const DELETE = endpoint(async ({ locals, params }) => {
  await deleteMatch(await getDb(), locals.actor, params.series ?? '', params.matchId ?? '');
  return noContent();
});

/** Public read: its handler, cache and errors are in read-endpoints.ts (imported above). */
export const GET = readEndpoints.match;
