import type { Webhook } from '#lib/schemas/webhook.ts';
import { getDb } from '#lib/server/app.ts';
import { requireAdmin } from '#lib/server/auth/guards.ts';
import { notFound } from '#lib/server/core/errors.ts';
import { messages } from '#lib/server/core/messages.ts';
import { getWebhooks } from '#lib/server/services/webhooks/admin.ts';
import { WEBHOOK_URL_RULE } from '#lib/domain/webhooks/url.ts';

export interface WebhooksPage {
  series: string;
  seriesName: string;
  webhooks: Webhook[];
  /** Why the last plain form post was refused (the `error` parameter), in the catalogue's words. */
  error: string | undefined;
}

/**
 * /admin/webhooks: the Discord webhooks of the page's series, masked (admins only: 401 -> sign in and come back,
 * 403 -> the 403 page; the API checks again on every change).
 */
export async function loadWebhooksPage(locals: App.Locals, url: URL): Promise<WebhooksPage> {
  requireAdmin(locals.actor);
  if (!locals.series) throw notFound(messages.noCurrentSeries);
  const error = url.searchParams.get('error');
  return {
    series: locals.series.tag,
    seriesName: locals.series.name,
    webhooks: await getWebhooks(await getDb(), locals.actor, locals.series.tag),
    error:
      error === 'exists'
        ? messages.webhookExists(locals.series.tag)
        : error === 'invalid'
          ? messages.invalidField('url', WEBHOOK_URL_RULE)
          : undefined,
  };
}
