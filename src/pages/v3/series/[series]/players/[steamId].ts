import { endpoint, jsonResponse } from '#lib/server/http/answers/respond.ts';
import { readJson } from '#lib/server/http/answers/request.ts';
import { getDb } from '#lib/server/app.ts';
import { requireUser } from '#lib/server/auth/guards.ts';
import { playerActionInputSchema } from '#lib/schemas/player-input.ts';
import { changePrimaryName } from '#lib/server/services/players-admin.ts';
import { readEndpoints } from '#lib/server/http/answers/read-endpoints.ts';

/** {action: 'change_primary_name', name}: the profile's owner or an admin; 200 {steam_id, primary_name}. */
export const POST = endpoint(async ({ locals, params, request }) => {
  requireUser(locals.actor);
  const body = await readJson(request, playerActionInputSchema);
  return jsonResponse(
    await changePrimaryName(await getDb(), locals.actor, params.series ?? '', params.steamId ?? '', body.name),
  );
});

/** Public read: its handler, cache and errors are in read-endpoints.ts (imported above). */
export const GET = readEndpoints.player;
