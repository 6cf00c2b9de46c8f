import { endpoint, jsonResponse } from '#lib/server/http/answers/respond.ts';
import { readJson } from '#lib/server/http/answers/request.ts';
import { getDb } from '#lib/server/app.ts';
import { requireAdmin } from '#lib/server/auth/guards.ts';
import { createTeamInputSchema } from '#lib/schemas/team-input.ts';
import { createTeam } from '#lib/server/services/teams-write.ts';
import { toManagedTeam } from '#lib/server/services/team-admin.ts';
import { readEndpoints } from '#lib/server/http/answers/read-endpoints.ts';

/** Creates a team in the series (admin): 201 with the team. */
export const POST = endpoint(async ({ locals, params, request }) => {
  requireAdmin(locals.actor);
  const body = await readJson(request, createTeamInputSchema);
  const team = await createTeam(await getDb(), locals.actor, {
    seriesTag: params.series ?? '',
    tag: body.tag,
    name: body.name,
    icon: body.icon ?? null,
    invite: body.invite ?? null,
    discord_role_id: body.discord_role_id ?? null,
  });
  return jsonResponse(toManagedTeam(team), 201);
});

/** Public read: its handler, cache and errors are in read-endpoints.ts (imported above). */
export const GET = readEndpoints.teams;
