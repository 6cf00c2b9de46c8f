import { endpoint, json } from '#lib/server/http/respond.ts';
import { readJson } from '#lib/server/http/request.ts';
import { getDb } from '#lib/server/app.ts';
import { requireUser } from '#lib/server/auth/guards.ts';
import { playerActionInputSchema } from '#lib/schemas/player-input.ts';
import { changePrimaryName } from '#lib/server/services/players-admin.ts';
import { readEndpoints } from '#lib/server/http/read-endpoints.ts';

/** {action: 'change_primary_name', name}: the profile's owner or an admin; 200 {steam_id, primary_name}. */
export const POST = endpoint(async ({ locals, params, request }) => {
  requireUser(locals.actor);
  const body = await readJson(request, playerActionInputSchema);
  return json(
    await changePrimaryName(await getDb(), locals.actor, params.series ?? '', params.steamId ?? '', body.name),
  );
});

/** Public read: its handler, cache and errors are in read-endpoints.ts (imported above). */
export const GET = readEndpoints.player;
