import { endpoint, json } from '#lib/server/http/respond.ts';
import { readJson } from '#lib/server/http/request.ts';
import { getDb } from '#lib/server/app.ts';
import { requireAdmin } from '#lib/server/auth/guards.ts';
import { createTournamentInputSchema } from '#lib/schemas/tournament-input.ts';
import { createTournament } from '#lib/server/services/tournament-admin.ts';
import { readEndpoints } from '#lib/server/http/read-endpoints.ts';

/** Creates a tournament (admin): 201 with it. */
export const POST = endpoint(async ({ locals, request }) => {
  requireAdmin(locals.actor);
  const body = await readJson(request, createTournamentInputSchema);
  return json(await createTournament(await getDb(), locals.actor, body), 201);
});

/** Public read: its handler, cache and errors are in read-endpoints.ts (imported above). */
export const GET = readEndpoints.tournaments;
