import type { Generated, Selectable } from 'kysely';
import type { Json } from './json.ts';

/** A Discord webhook of a series (migration 0007). */
export interface WebhooksTable {
  id: Generated<number>;
  series_id: number;
  /** The full webhook URL: a secret, never returned by the API nor logged. */
  url: string;
  /** The webhook's id (the number in its URL), shown to admins. */
  discord_id: string;
  /** The last characters of its token, shown to admins. */
  hint: string;
  created_by_user_id: number | null;
  created_at: Generated<Date>;
}
export type WebhookRow = Selectable<WebhooksTable>;

export type OutboxStatus = 'pending' | 'delivered' | 'failed';
export type WebhookEvent = 'match.posted' | 'match.disputed' | 'team.ranked';

/** One message for one webhook, written in the transaction of the change it announces. */
export interface WebhookOutboxTable {
  id: Generated<number>;
  webhook_id: number;
  event: WebhookEvent;
  /** Unique per webhook: the same event is stored once (e.g. 'match.posted:42'). */
  event_key: string;
  /** The Discord execute-webhook body (content, embeds). */
  payload: Json<Record<string, unknown>>;
  status: Generated<OutboxStatus>;
  attempts: Generated<number>;
  next_attempt_at: Generated<Date>;
  locked_until: Date | null;
  /** The instance holding the claim (db/changes.ts instanceId). */
  claimed_by: string | null;
  last_error: string | null;
  created_at: Generated<Date>;
  delivered_at: Date | null;
}
export type WebhookOutboxRow = Selectable<WebhookOutboxTable>;
