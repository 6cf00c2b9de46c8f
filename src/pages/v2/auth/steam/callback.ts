import { endpoint } from '#lib/server/http/answers/respond.ts';
import { getDb } from '#lib/server/app.ts';
import { getConfig } from '#lib/server/config.ts';
import { limitSignIn } from '#lib/server/auth/rate-limits.ts';
import { completeSteamProof } from '#lib/server/services/steam-proof.ts';

/** Steam sends the browser back here: check the assertion, approve the proved claim, return where it started. */
export const GET = endpoint(async ({ url, request, clientAddress, locals, redirect }) => {
  limitSignIn(clientAddress, request);
  const params = Object.fromEntries(url.searchParams);
  return redirect(await completeSteamProof(await getDb(), getConfig(), locals.actor, params), 302);
});
