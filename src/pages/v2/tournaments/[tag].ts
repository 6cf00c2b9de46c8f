import { endpoint, jsonResponse } from '#lib/server/http/answers/respond.ts';
import { readJson } from '#lib/server/http/answers/request.ts';
import { getDb } from '#lib/server/app.ts';
import { requireAdmin } from '#lib/server/auth/guards.ts';
import { patchTournamentInputSchema } from '#lib/schemas/tournament-input.ts';
import { patchTournament } from '#lib/server/services/tournament-admin.ts';
import { readEndpoints } from '#lib/server/http/answers/read-endpoints.ts';

/** Changes the fields present (admin): 200 with the tournament. */
export const PATCH = endpoint(async ({ locals, params, request }) => {
  requireAdmin(locals.actor);
  const body = await readJson(request, patchTournamentInputSchema);
  return jsonResponse(await patchTournament(await getDb(), locals.actor, params.tag ?? '', body));
});

/** Public read: its handler, cache and errors are in read-endpoints.ts (imported above). */
export const GET = readEndpoints.tournament;
