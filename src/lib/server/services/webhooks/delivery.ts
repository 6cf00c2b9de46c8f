/**
 * Posting one outbox message to Discord and deciding what happens next: delivered on 2xx; on 429 wait what
 * Discord says (`retry_after` in the JSON body, else the Retry-After header) and hold the webhook's other
 * messages as long; on 5xx, a timeout or a network error retry with exponential backoff; any other answer (404: the
 * webhook was deleted in Discord, 401, 400) gives up at once. After `maxAttempts` attempts it gives up too.
 * The address is a secret: what is recorded and logged is the HTTP status or the error's code, never the address.
 */
import type { DB } from '#lib/server/db/index.ts';
import {
  holdWebhook,
  markDelivered,
  markFailed,
  markRetry,
  type ClaimedMessage,
} from '#lib/server/repositories/webhooks.ts';

export interface RetryPolicy {
  maxAttempts: number;
  retryBaseMs: number;
}

/** A Discord answer slower than this counts as a failed attempt. */
export const POST_TIMEOUT_MS = 10_000;
const MAX_BACKOFF_MS = 15 * 60_000;
const MAX_RATE_LIMIT_MS = 60 * 60_000;

type Outcome =
  | { kind: 'delivered' }
  | { kind: 'rate-limited'; delayMs: number; error: string }
  | { kind: 'retry'; error: string }
  | { kind: 'give-up'; error: string };

/** How long Discord asks to wait (ms) from a 429's body or Retry-After header; 1 s when it says nothing usable. */
export async function retryAfterMs(response: Response): Promise<number> {
  try {
    const body = (await response.json()) as { retry_after?: unknown };
    if (typeof body.retry_after === 'number' && Number.isFinite(body.retry_after) && body.retry_after >= 0)
      return Math.min(body.retry_after * 1000, MAX_RATE_LIMIT_MS);
  } catch {
    // not JSON: the header may say it
  }
  const header = Number(response.headers.get('retry-after'));
  return Number.isFinite(header) && header >= 0 ? Math.min(header * 1000, MAX_RATE_LIMIT_MS) : 1000;
}

function errorCode(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } }).cause;
  if (cause && typeof cause.code === 'string') return cause.code;
  return error instanceof Error ? error.name : 'network error';
}

async function post(message: ClaimedMessage): Promise<Outcome> {
  let response: Response;
  try {
    response = await fetch(message.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'HellLetLooseSkillSystem (webhooks, 1)' },
      body: JSON.stringify(message.payload),
      redirect: 'error',
      signal: AbortSignal.timeout(POST_TIMEOUT_MS),
    });
  } catch (error) {
    return { kind: 'retry', error: errorCode(error) };
  }
  if (response.ok) {
    await response.body?.cancel().catch(() => {});
    return { kind: 'delivered' };
  }
  const error = `HTTP ${response.status}`;
  if (response.status === 429) return { kind: 'rate-limited', delayMs: await retryAfterMs(response), error };
  await response.body?.cancel().catch(() => {});
  return response.status >= 500 ? { kind: 'retry', error } : { kind: 'give-up', error };
}

/** The wait before attempt `attempts + 1` after a failure: base * 2^(attempts - 1), at most 15 minutes. */
export function backoffMs(attempts: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
}

/** Posts a claimed message and records the outcome; returns it for the worker's log. Throws only database errors. */
export async function deliver(db: DB, message: ClaimedMessage, policy: RetryPolicy): Promise<Outcome['kind']> {
  const outcome = await post(message);
  if (outcome.kind === 'delivered') {
    await markDelivered(db, message.id);
    return outcome.kind;
  }
  const exhausted = message.attempts >= policy.maxAttempts;
  if (outcome.kind === 'give-up' || exhausted) {
    await markFailed(
      db,
      message.id,
      exhausted ? `${outcome.error} (gave up after ${message.attempts} attempts)` : outcome.error,
    );
    console.error(
      `Webhook ${message.webhook_id}: message ${message.id} not delivered: ${outcome.error} (attempt ${message.attempts})`,
    );
    return 'give-up';
  }
  if (outcome.kind === 'rate-limited') {
    await holdWebhook(db, message.webhook_id, outcome.delayMs);
    await markRetry(db, message.id, outcome.delayMs, outcome.error);
    return outcome.kind;
  }
  await markRetry(db, message.id, backoffMs(message.attempts, policy.retryBaseMs), outcome.error);
  return outcome.kind;
}
