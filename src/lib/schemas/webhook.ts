import { z } from 'zod';
import { plainText } from './text.ts';

/** A new webhook: its address (validated on the server against the accepted Discord base). */
export const webhookInputSchema = z.object({
  url: plainText()
    .trim()
    .min(1, 'must not be empty')
    .max(500, 'must be at most 500 characters')
    .regex(/^https?:\/\//, 'must be a Discord webhook address: https://discord.com/api/webhooks/{id}/{token}'),
});
export type WebhookInput = z.infer<typeof webhookInputSchema>;

/** A saved webhook as admins see it: never its full address (a secret), only a masked form. */
export const webhookSchema = z.object({
  id: z.number().int(),
  series: z.string(),
  /** The webhook's id in Discord. */
  discord_id: z.string(),
  /** Host, id and the last 4 characters of the token, e.g. 'discord.com/…/webhooks/123…/…abcd'. */
  masked_url: z.string(),
  created_at: z.string(),
  /** Outbox counts: messages waiting (or being retried), delivered and given up. */
  pending: z.number().int(),
  delivered: z.number().int(),
  failed: z.number().int(),
  last_delivered_at: z.string().nullable(),
  /** The last failure of a message to this webhook (an HTTP status or network error, never the address). */
  last_error: z.string().nullable(),
});
export type Webhook = z.infer<typeof webhookSchema>;
export const webhookListSchema = z.array(webhookSchema);
