/**
 * Webhooks of a series and their outbox. Times are the database's (`now()`), so that every instance on one
 * PostgreSQL agrees on when a message is due and when a claim has expired.
 */
import { sql } from 'kysely';
import type { DB } from '#lib/server/db/index.ts';
import { jsonText } from '#lib/server/db/json-text.ts';
import type { WebhookEvent, WebhookRow } from '#lib/server/db/tables/webhooks.ts';
import { instanceSessionName } from '#lib/server/db/changes.ts';

/** A webhook with its outbox counts, as lists show it (the address goes no further than the service's mask). */
export interface WebhookListRow extends WebhookRow {
  pending: number;
  delivered: number;
  failed: number;
  last_delivered_at: Date | null;
  last_error: string | null;
}

/** The webhooks of a series, oldest first, with their outbox counts. */
export async function listWebhooks(db: DB, seriesId: number): Promise<WebhookListRow[]> {
  const rows = await db
    .selectFrom('webhooks as w')
    .leftJoin('webhook_outbox as o', 'o.webhook_id', 'w.id')
    .selectAll('w')
    .select((eb) => [
      eb.fn.count<number>('o.id').filterWhere('o.status', '=', 'pending').as('pending'),
      eb.fn.count<number>('o.id').filterWhere('o.status', '=', 'delivered').as('delivered'),
      eb.fn.count<number>('o.id').filterWhere('o.status', '=', 'failed').as('failed'),
      eb.fn.max('o.delivered_at').as('last_delivered_at'),
    ])
    .where('w.series_id', '=', seriesId)
    .groupBy('w.id')
    .orderBy('w.id')
    .execute();
  const errors = await lastErrors(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    ...r,
    pending: Number(r.pending),
    delivered: Number(r.delivered),
    failed: Number(r.failed),
    last_delivered_at: r.last_delivered_at === null ? null : new Date(r.last_delivered_at),
    last_error: errors.get(r.id) ?? null,
  }));
}

async function lastErrors(db: DB, webhookIds: number[]): Promise<Map<number, string>> {
  if (webhookIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('webhook_outbox')
    .select(['webhook_id', 'last_error'])
    .where('webhook_id', 'in', webhookIds)
    .where('last_error', 'is not', null)
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
  const out = new Map<number, string>();
  for (const r of rows) if (!out.has(r.webhook_id) && r.last_error) out.set(r.webhook_id, r.last_error);
  return out;
}

/** Saves a webhook; undefined when the series already has this address. */
export function insertWebhook(
  db: DB,
  values: { series_id: number; url: string; discord_id: string; hint: string; created_by_user_id: number | null },
): Promise<WebhookRow | undefined> {
  return db
    .insertInto('webhooks')
    .values(values)
    .onConflict((oc) => oc.columns(['series_id', 'url']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Deletes a webhook of a series (its undelivered messages go with it); the deleted row or undefined. */
export function deleteWebhook(db: DB, seriesId: number, id: number): Promise<WebhookRow | undefined> {
  return db
    .deleteFrom('webhooks')
    .where('series_id', '=', seriesId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** The ids of a series' webhooks (none: nothing to announce). */
export async function webhookIdsOf(db: DB, seriesId: number): Promise<number[]> {
  const rows = await db.selectFrom('webhooks').select('id').where('series_id', '=', seriesId).execute();
  return rows.map((r) => r.id);
}

/**
 * Writes one outbox row per webhook for an event; an event already stored for a webhook (same key) is left as
 * it is. Call it inside the transaction of the change the event announces.
 */
export async function enqueueOutbox(
  trx: DB,
  webhookIds: readonly number[],
  event: WebhookEvent,
  eventKey: string,
  payload: Record<string, unknown>,
): Promise<void> {
  if (webhookIds.length === 0) return;
  await trx
    .insertInto('webhook_outbox')
    .values(webhookIds.map((webhook_id) => ({ webhook_id, event, event_key: eventKey, payload: jsonText(payload) })))
    .onConflict((oc) => oc.columns(['webhook_id', 'event_key']).doNothing())
    .execute();
}

/** A claimed outbox row with what posting it needs. */
export interface ClaimedMessage {
  id: number;
  webhook_id: number;
  url: string;
  payload: Record<string, unknown>;
  /** Including this one. */
  attempts: number;
}

/**
 * Claims up to `limit` due messages for `instance` (db/changes.ts instanceId) for `leaseMs` (counting the attempt),
 * oldest first. Rows another instance is claiming are skipped (FOR UPDATE SKIP LOCKED) and rows it holds stay held
 * until their claim expires or the instance is gone: no session of it left in pg_stat_activity (its listening
 * connection closes when the process dies, even by SIGKILL; on the embedded database no other process can be
 * alive). So each message is posted by one instance at a time, and one killed while posting does not hold its
 * messages for the length of the lease. (An instance whose listening connection is down for a moment may see a
 * message it is posting taken over: at worst posted twice.)
 */
export function claimDueMessages(db: DB, limit: number, leaseMs: number, instance: string): Promise<ClaimedMessage[]> {
  return db.transaction().execute(async (trx) => {
    const gone = sql<boolean>`claimed_by is not null and claimed_by <> ${instance} and not exists (
      select 1 from pg_stat_activity a where a.application_name = ${instanceSessionName('')} || claimed_by)`;
    const due = await trx
      .selectFrom('webhook_outbox')
      .select('id')
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', sql<Date>`now()`)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', sql<Date>`now()`), gone]))
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
    if (due.length === 0) return [];
    const rows = await trx
      .updateTable('webhook_outbox as o')
      .from('webhooks as w')
      .set((eb) => ({
        locked_until: sql<Date>`now() + ${leaseMs} * interval '1 millisecond'`,
        claimed_by: instance,
        attempts: eb('o.attempts', '+', 1),
      }))
      .whereRef('w.id', '=', 'o.webhook_id')
      .where(
        'o.id',
        'in',
        due.map((r) => r.id),
      )
      .returning(['o.id', 'o.webhook_id', 'w.url', 'o.payload', 'o.attempts'])
      .execute();
    return rows.sort((a, b) => a.id - b.id);
  });
}

/** Hands claimed messages back untried (a stopping worker): due at once, the attempt not counted. */
export async function releaseClaims(db: DB, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('webhook_outbox')
    .set((eb) => ({ locked_until: null, attempts: eb('attempts', '-', 1) }))
    .where('id', 'in', [...ids])
    .where('status', '=', 'pending')
    .execute();
}

/** Marks a message delivered. */
export async function markDelivered(db: DB, id: number): Promise<void> {
  await db
    .updateTable('webhook_outbox')
    .set({ status: 'delivered', delivered_at: sql<Date>`now()`, locked_until: null, last_error: null })
    .where('id', '=', id)
    .execute();
}

/** Puts a message back to be tried again after `delayMs`, recording why the attempt failed. */
export async function markRetry(db: DB, id: number, delayMs: number, error: string): Promise<void> {
  await db
    .updateTable('webhook_outbox')
    .set({
      next_attempt_at: sql<Date>`now() + ${Math.max(0, Math.round(delayMs))} * interval '1 millisecond'`,
      locked_until: null,
      last_error: error,
    })
    .where('id', '=', id)
    .execute();
}

/** Gives a message up (failed), recording why. */
export async function markFailed(db: DB, id: number, error: string): Promise<void> {
  await db
    .updateTable('webhook_outbox')
    .set({ status: 'failed', locked_until: null, last_error: error })
    .where('id', '=', id)
    .execute();
}

/** Holds every waiting message of a webhook for at least `delayMs` (Discord rate-limited that webhook). */
export async function holdWebhook(db: DB, webhookId: number, delayMs: number): Promise<void> {
  const until = sql<Date>`now() + ${Math.max(0, Math.round(delayMs))} * interval '1 millisecond'`;
  await db
    .updateTable('webhook_outbox')
    .set({ next_attempt_at: sql<Date>`greatest(next_attempt_at, ${until})` })
    .where('webhook_id', '=', webhookId)
    .where('status', '=', 'pending')
    .execute();
}

/** Milliseconds until the next waiting message is due (0: now), or undefined when none waits. */
export async function nextDueInMs(db: DB): Promise<number | undefined> {
  const row = await db
    .selectFrom('webhook_outbox')
    .select(
      sql<number>`extract(epoch from (min(greatest(next_attempt_at, coalesce(locked_until, next_attempt_at))) - now())) * 1000`.as(
        'ms',
      ),
    )
    .where('status', '=', 'pending')
    .executeTakeFirst();
  const ms = row?.ms;
  return ms === null || ms === undefined ? undefined : Math.max(0, Number(ms));
}
