import { endpoint, jsonResponse } from '#lib/server/http/answers/respond.ts';
import { readJson } from '#lib/server/http/answers/request.ts';
import { getDb } from '#lib/server/app.ts';
import { requireAdmin } from '#lib/server/auth/guards.ts';
import { createTournamentInputSchema } from '#lib/schemas/tournament-input.ts';
import { createTournament } from '#lib/server/services/tournament-admin.ts';
import { readEndpoints } from '#lib/server/http/answers/read-endpoints.ts';

/** Creates a tournament (admin): 201 with it. */
export const POST = endpoint(async ({ locals, request }) => {
  requireAdmin(locals.actor);
  const body = await readJson(request, createTournamentInputSchema);
  return jsonResponse(await createTournament(await getDb(), locals.actor, body), 201);
});

/** Public read: its handler, cache and errors are in read-endpoints.ts (imported above). */
export const GET = readEndpoints.tournaments;
