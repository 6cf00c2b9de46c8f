import { z } from 'zod';
import { endpoint } from '#lib/server/http/answers/respond.ts';
import { readQuery } from '#lib/server/http/answers/request.ts';
import { badRequest, notFound } from '#lib/server/core/errors.ts';
import { messages } from '#lib/server/core/messages.ts';
import { getDb } from '#lib/server/app.ts';
import { getConfig } from '#lib/server/config.ts';
import { isDemoEnabled } from '#lib/server/auth/demo.ts';
import { setSessionCookie } from '#lib/server/auth/cookies.ts';
import { isSafeRedirect, locationOf } from '#lib/server/auth/redirects.ts';
import { limitSignIn } from '#lib/server/auth/rate-limits.ts';
import { demoSignIn } from '#lib/server/services/auth.ts';

const querySchema = z.object({
  as: z.enum(['admin', 'manager', 'user']),
  redirect_uri: z.string().max(2000).optional(),
});

/** Demo sign-in (loopback servers without Discord only; 404 elsewhere): sets a session, 302 back. */
export const GET = endpoint(async ({ url, request, cookies, clientAddress, redirect }) => {
  if (!isDemoEnabled(getConfig())) throw notFound(messages.demoDisabled);
  limitSignIn(clientAddress, request);
  const query = readQuery(url, querySchema);
  const target = query.redirect_uri ?? '/';
  if (!isSafeRedirect(target)) throw badRequest(messages.invalidRedirect);
  const session = await demoSignIn(await getDb(), query.as, request.headers.get('user-agent'));
  setSessionCookie(cookies, session.token, session.expiresAt);
  return redirect(locationOf(target), 302);
});
