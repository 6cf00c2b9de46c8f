import { z } from 'zod';
import { endpoint } from '#lib/server/http/answers/respond.ts';
import { readQuery } from '#lib/server/http/answers/request.ts';
import { badRequest } from '#lib/server/core/errors.ts';
import { messages } from '#lib/server/core/messages.ts';
import { getDb } from '#lib/server/app.ts';
import { getConfig } from '#lib/server/config.ts';
import { isDemoEnabled } from '#lib/server/auth/demo.ts';
import { isSafeRedirect, withLoginError } from '#lib/server/auth/redirects.ts';
import { limitSignIn } from '#lib/server/auth/rate-limits.ts';
import { beginDiscordLogin } from '#lib/server/services/auth.ts';

const querySchema = z.object({ redirect_uri: z.string().max(2000).optional() });

/** Starts sign-in: 302 to Discord (or to the demo chooser when demo sign-in is enabled). */
export const GET = endpoint(async ({ url, request, clientAddress, redirect }) => {
  limitSignIn(clientAddress, request);
  const { redirect_uri: target = '/' } = readQuery(url, querySchema);
  if (!isSafeRedirect(target)) throw badRequest(messages.invalidRedirect);
  const config = getConfig();
  if (isDemoEnabled(config)) return redirect(`/demo-login?redirect_uri=${encodeURIComponent(target)}`, 302);
  if (!config.discord.clientId) return redirect(withLoginError(target, 'not-configured'), 302);
  return redirect(await beginDiscordLogin(await getDb(), config, target), 302);
});
