import { endpoint, jsonResponse } from '#lib/server/http/answers/respond.ts';
import { HttpError } from '#lib/server/core/errors.ts';
import { isFormPost, readJsonOrForm, seeOther } from '#lib/server/http/answers/form-post.ts';
import { getDb } from '#lib/server/app.ts';
import { requireAdmin } from '#lib/server/auth/guards.ts';
import { webhookInputSchema } from '#lib/schemas/webhook.ts';
import { addWebhook, getWebhooks } from '#lib/server/services/webhooks/admin.ts';
import { paths } from '#lib/links.ts';

/** The series' Discord webhooks, masked (admin). */
export const GET = endpoint(async ({ locals, params }) => {
  requireAdmin(locals.actor);
  return jsonResponse(await getWebhooks(await getDb(), locals.actor, params.series ?? ''));
});

/**
 * Adds a webhook (admin): 201 with it masked. A plain form post answers 303 back to the admin page, with
 * `error=invalid|exists` when the address was refused (400, 409), so that the page can say why.
 */
export const POST = endpoint(async ({ locals, params, request }) => {
  requireAdmin(locals.actor);
  const series = params.series ?? '';
  const form = isFormPost(request);
  try {
    const body = await readJsonOrForm(request, webhookInputSchema);
    const webhook = await addWebhook(await getDb(), locals.actor, series, body);
    return form ? seeOther(paths.adminWebhooks(webhook.series)) : jsonResponse(webhook, 201);
  } catch (error) {
    const refused = error instanceof HttpError && (error.status === 400 || error.status === 409);
    if (!form || !refused) throw error;
    return seeOther(paths.adminWebhooks(series, error.status === 409 ? 'exists' : 'invalid'));
  }
});
