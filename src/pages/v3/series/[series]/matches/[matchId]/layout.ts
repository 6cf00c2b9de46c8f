import { endpoint, noContent } from '#lib/server/http/answers/respond.ts';
import { readJson } from '#lib/server/http/answers/request.ts';
import { getDb } from '#lib/server/app.ts';
import { requireSignedIn } from '#lib/server/auth/guards.ts';
import { layoutInputSchema } from '#lib/schemas/match-input.ts';
import { setMatchLayout } from '#lib/server/services/match-edits.ts';

/** {layout: [...]}: either team or an admin; 204. */
export const PUT = endpoint(async ({ locals, params, request }) => {
  requireSignedIn(locals.actor);
  const body = await readJson(request, layoutInputSchema);
  await setMatchLayout(
    await getDb(),
    locals.actor,
    { series: params.series ?? '', matchId: params.matchId ?? '' },
    body.layout,
  );
  return noContent();
});
