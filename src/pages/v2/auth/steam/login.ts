import { z } from 'zod';
import { endpoint } from '#lib/server/http/answers/respond.ts';
import { readQuery } from '#lib/server/http/answers/request.ts';
import { badRequest } from '#lib/server/core/errors.ts';
import { messages } from '#lib/server/core/messages.ts';
import { getDb } from '#lib/server/app.ts';
import { getConfig } from '#lib/server/config.ts';
import { locationOf, isSafeRedirect, withLoginError } from '#lib/server/auth/redirects.ts';
import { limitSignIn } from '#lib/server/auth/rate-limits.ts';
import { beginSteamProof } from '#lib/server/services/steam-proof.ts';

const querySchema = z.object({ redirect_uri: z.string().max(2000).optional() });

/** Starts proving a Steam id for the signed-in user: 302 to Steam (signed out: back with login_error). */
export const GET = endpoint(async ({ url, request, clientAddress, locals, redirect }) => {
  limitSignIn(clientAddress, request);
  const { redirect_uri: target = '/my-profile' } = readQuery(url, querySchema);
  if (!isSafeRedirect(target)) throw badRequest(messages.invalidRedirect);
  if (locals.actor.kind !== 'user') return redirect(withLoginError(target, 'steam-signed-out'), 302);
  return redirect(await beginSteamProof(await getDb(), getConfig(), locals.actor.userId, locationOf(target)), 302);
});
