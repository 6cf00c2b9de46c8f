import { endpoint, json, noContent } from '#lib/server/http/respond.ts';
import { readJson } from '#lib/server/http/request.ts';
import { getDb } from '#lib/server/app.ts';
import { requireSignedIn } from '#lib/server/auth/guards.ts';
import { matchActionInputSchema, streamsInputSchema } from '#lib/schemas/match-input.ts';
import { decideMatch, deleteMatch } from '#lib/server/services/match-actions.ts';
import { setMatchStreams } from '#lib/server/services/match-edits.ts';
import { readEndpoints } from '#lib/server/http/read-endpoints.ts';

/** {action: 'approve'|'dispute'}: the opposing team or an admin; 200 {match_id, calculation_status}. */
export const POST = endpoint(async ({ locals, params, request }) => {
  requireSignedIn(locals.actor);
  const body = await readJson(request, matchActionInputSchema);
  return json(await decideMatch(await getDb(), locals.actor, params.series ?? '', params.matchId ?? '', body.action));
});

/** {streams: {name: url}}: either team or an admin; 204. */
export const PATCH = endpoint(async ({ locals, params, request }) => {
  requireSignedIn(locals.actor);
  const body = await readJson(request, streamsInputSchema);
  await setMatchStreams(
    await getDb(),
    locals.actor,
    { series: params.series ?? '', matchId: params.matchId ?? '' },
    body.streams,
  );
  return noContent();
});

/** Deletes the match (admin): 204. */
export const DELETE = endpoint(async ({ locals, params }) => {
  await deleteMatch(await getDb(), locals.actor, params.series ?? '', params.matchId ?? '');
  return noContent();
});

/** Public read: its handler, cache and errors are in read-endpoints.ts (imported above). */
export const GET = readEndpoints.match;
