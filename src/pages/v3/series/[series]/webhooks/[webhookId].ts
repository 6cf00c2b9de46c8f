import { endpoint, noContent } from '#lib/server/http/answers/respond.ts';
import { isFormPost, seeOther } from '#lib/server/http/answers/form-post.ts';
import { getDb } from '#lib/server/app.ts';
import { requireAdmin } from '#lib/server/auth/guards.ts';
import { removeWebhook } from '#lib/server/services/webhooks/admin.ts';
import { paths } from '#lib/links.ts';
import type { APIContext } from 'astro';

async function remove({ locals, params }: APIContext): Promise<void> {
  requireAdmin(locals.actor);
  await removeWebhook(await getDb(), locals.actor, params.series ?? '', params.webhookId ?? '');
}

/** Removes a webhook with its undelivered messages (admin): 204. */
export const DELETE = endpoint(async (context) => {
  await remove(context);
  return noContent();
});

/** The same for a plain HTML form (forms cannot send DELETE): 303 back to the admin page. */
export const POST = endpoint(async (context) => {
  await remove(context);
  return isFormPost(context.request) ? seeOther(paths.adminWebhooks(context.params.series ?? '')) : noContent();
});
