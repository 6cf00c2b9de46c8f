/**
 * Admins manage the Discord webhooks of a series (API, admin page and CLI). A webhook address is a secret: it is
 * validated against the accepted Discord base (DISCORD_WEBHOOK_URL), stored, and from then on only shown masked
 * (host, webhook id and the last 4 characters of the token); the audit log records the masked form only.
 */
import type { DB } from '#lib/server/db/index.ts';
import type { Actor } from '#lib/server/auth/actor.ts';
import { requireAdmin } from '#lib/server/auth/guards.ts';
import { getConfig } from '#lib/server/config.ts';
import { maskWebhookUrl, parseWebhookUrl, WEBHOOK_URL_RULE } from '#lib/domain/webhooks/url.ts';
import { badRequest, conflict, notFound } from '#lib/server/core/errors.ts';
import { messages } from '#lib/server/core/messages.ts';
import type { Webhook, WebhookInput } from '#lib/schemas/webhook.ts';
import { deleteWebhook, insertWebhook, listWebhooks, type WebhookListRow } from '#lib/server/repositories/webhooks.ts';
import type { WebhookRow } from '#lib/server/db/tables/webhooks.ts';
import { requireSeries } from '#lib/server/services/series.ts';
import { audit } from '#lib/server/services/audit.ts';
import { idOf } from '#lib/schemas/id.ts';

const EMPTY_COUNTS = { pending: 0, delivered: 0, failed: 0, last_delivered_at: null, last_error: null };

function toWebhook(row: WebhookRow | WebhookListRow, series: string): Webhook {
  const counts = 'pending' in row ? row : EMPTY_COUNTS;
  return {
    id: row.id,
    series,
    discord_id: row.discord_id,
    masked_url: maskWebhookUrl(row.url, row.discord_id, row.hint),
    created_at: row.created_at.toISOString(),
    pending: counts.pending,
    delivered: counts.delivered,
    failed: counts.failed,
    last_delivered_at: counts.last_delivered_at?.toISOString() ?? null,
    last_error: counts.last_error,
  };
}

/** The webhooks of a series, masked (admin). 401/403 otherwise, 404 for an unknown series. */
export async function getWebhooks(db: DB, actor: Actor, seriesTag: string): Promise<Webhook[]> {
  requireAdmin(actor);
  const series = await requireSeries(db, seriesTag);
  return (await listWebhooks(db, series.id)).map((row) => toWebhook(row, series.tag));
}

/** Adds a webhook to a series (admin): 400 for an address that is no Discord webhook, 409 when already there. */
export async function addWebhook(db: DB, actor: Actor, seriesTag: string, input: WebhookInput): Promise<Webhook> {
  requireAdmin(actor);
  const series = await requireSeries(db, seriesTag);
  const address = parseWebhookUrl(input.url, getConfig().webhooks.urlBase);
  if (!address) throw badRequest(messages.invalidField('url', WEBHOOK_URL_RULE));
  return db.transaction().execute(async (trx) => {
    const row = await insertWebhook(trx, {
      series_id: series.id,
      url: address.url,
      discord_id: address.id,
      hint: address.hint,
      created_by_user_id: actor.kind === 'user' ? actor.userId : null,
    });
    if (!row) throw conflict(messages.webhookExists(series.tag));
    const webhook = toWebhook(row, series.tag);
    await audit(trx, actor, 'webhook.add', { type: 'webhook', id: row.id }, null, {
      series: series.tag,
      masked_url: webhook.masked_url,
    });
    return webhook;
  });
}

/**
 * Removes the webhook `webhookId` names (a path's or the CLI's text) of a series (admin), with its undelivered
 * messages; 404 when the series has no such webhook.
 */
export async function removeWebhook(db: DB, actor: Actor, seriesTag: string, webhookId: string): Promise<void> {
  requireAdmin(actor);
  const series = await requireSeries(db, seriesTag);
  const id = idOf(webhookId);
  await db.transaction().execute(async (trx) => {
    const row = id === undefined ? undefined : await deleteWebhook(trx, series.id, id);
    if (!row) throw notFound(messages.webhookNotFound(webhookId));
    await audit(
      trx,
      actor,
      'webhook.remove',
      { type: 'webhook', id: row.id },
      { series: series.tag, masked_url: maskWebhookUrl(row.url, row.discord_id, row.hint) },
      null,
    );
  });
}
