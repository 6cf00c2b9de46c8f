import { endpoint, jsonResponse, noContent } from '#lib/server/http/answers/respond.ts';
import { readJson } from '#lib/server/http/answers/request.ts';
import { getDb } from '#lib/server/app.ts';
import { requireAdmin, requireSignedIn } from '#lib/server/auth/guards.ts';
import { patchTeamInputSchema, teamActionInputSchema } from '#lib/schemas/team-input.ts';
import { changeTeamTag, deleteTeam, patchTeam } from '#lib/server/services/team-admin.ts';
import { readEndpoints } from '#lib/server/http/answers/read-endpoints.ts';

/** Changes the fields present (the team's managers or an admin): 200 with the team. */
export const PATCH = endpoint(async ({ locals, params, request }) => {
  requireSignedIn(locals.actor);
  const body = await readJson(request, patchTeamInputSchema);
  return jsonResponse(await patchTeam(await getDb(), locals.actor, params.series ?? '', params.tag ?? '', body));
});

/** {action: 'change_tag', new_tag} (admin): 200 with the renamed team. */
export const POST = endpoint(async ({ locals, params, request }) => {
  requireAdmin(locals.actor);
  const body = await readJson(request, teamActionInputSchema);
  return jsonResponse(
    await changeTeamTag(await getDb(), locals.actor, params.series ?? '', params.tag ?? '', body.new_tag),
  );
});

/** Soft-deletes the team (admin): 204. */
export const DELETE = endpoint(async ({ locals, params }) => {
  await deleteTeam(await getDb(), locals.actor, params.series ?? '', params.tag ?? '');
  return noContent();
});

/** Public read: its handler, cache and errors are in read-endpoints.ts (imported above). */
export const GET = readEndpoints.team;
