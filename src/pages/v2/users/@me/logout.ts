import { endpoint } from '#lib/server/http/answers/respond.ts';
import { getDb } from '#lib/server/app.ts';
import { clearSessionCookie } from '#lib/server/auth/cookies.ts';
import { isSafeRedirect, locationOf } from '#lib/server/auth/redirects.ts';
import { endSession } from '#lib/server/services/sessions.ts';

/** Ends the session and clears its cookie: 303 back to a same-origin `redirect_uri` (form posts), else 204. */
export const POST = endpoint(async ({ locals, cookies, url }) => {
  await endSession(await getDb(), locals.actor);
  clearSessionCookie(cookies);
  const target = url.searchParams.get('redirect_uri');
  if (target && isSafeRedirect(target))
    return new Response(null, { status: 303, headers: { location: locationOf(target) } });
  return new Response(null, { status: 204 });
});
