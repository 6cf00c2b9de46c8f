import { endpoint } from '#lib/server/http/answers/respond.ts';
import { getDb } from '#lib/server/app.ts';
import { getConfig } from '#lib/server/config.ts';
import { setSessionCookie } from '#lib/server/auth/cookies.ts';
import { limitSignIn } from '#lib/server/auth/rate-limits.ts';
import { completeDiscordLogin } from '#lib/server/services/auth.ts';

/** Discord sends the browser back here: sign in, set the session cookie, return to where sign-in started. */
export const GET = endpoint(async ({ url, request, cookies, clientAddress, redirect }) => {
  limitSignIn(clientAddress, request);
  const param = (name: string) => url.searchParams.get(name) ?? undefined;
  const outcome = await completeDiscordLogin(
    await getDb(),
    getConfig(),
    { code: param('code'), state: param('state'), error: param('error') },
    request.headers.get('user-agent'),
  );
  if (outcome.session) setSessionCookie(cookies, outcome.session.token, outcome.session.expiresAt);
  return redirect(outcome.redirect, 302);
});
