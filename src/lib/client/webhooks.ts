import type { Webhook } from '#lib/schemas/webhook.ts';
import type { ApiClient } from '#lib/client/api.ts';
import { ApiError } from '#lib/client/api-error.ts';
import { api } from '#lib/client/lazy-api.ts';

/** The words of a failed call: the server's catalogue message when it sent one, else the client's status line. */
export function webhookFailure(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Adds a Discord webhook to the series: the address is checked with the server's schema first (nothing is sent
 * when it is refused), then POST .../webhooks. Answers the webhook (masked) or the words of the refusal.
 */
export async function addWebhook(
  series: string,
  url: string,
  client?: ApiClient,
): Promise<{ ok: Webhook } | { error: string }> {
  const { webhookInputSchema } = await import('#lib/schemas/webhook.ts');
  const parsed = webhookInputSchema.safeParse({ url });
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? 'Invalid webhook URL' };
  try {
    return { ok: await (await api(client)).webhooks.add(series, parsed.data) };
  } catch (error) {
    return { error: webhookFailure(error) };
  }
}

/** Removes a webhook of the series (DELETE .../webhooks/{id}); answers the words of a refusal, or null. */
export async function removeWebhook(series: string, id: number, client?: ApiClient): Promise<string | null> {
  try {
    await (await api(client)).webhooks.remove(series, id);
    return null;
  } catch (error) {
    return webhookFailure(error);
  }
}
