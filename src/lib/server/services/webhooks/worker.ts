/**
 * The webhook delivery worker, one per served database: it posts due outbox messages in the background, so no
 * request ever waits for Discord. It runs when nudged (notifyWebhooks, after a change that enqueued messages
 * committed), when the next retry falls due, and every WEBHOOK_POLL_SECONDS (messages enqueued by other
 * instances or the CLI, and those left by a previous run). Messages are claimed with FOR UPDATE SKIP LOCKED and a
 * lease (repositories/webhooks.ts), so several instances on one PostgreSQL post each message once; a claim left
 * by a crashed instance is taken over once it is gone (or after CLAIM_LEASE_MS) and the message is tried again.
 */
import type { DB } from '#lib/server/db/index.ts';
import { getConfig } from '#lib/server/config.ts';
import { claimDueMessages, nextDueInMs, releaseClaims } from '#lib/server/repositories/webhooks.ts';
import { deliver, POST_TIMEOUT_MS } from './delivery.ts';
import { instanceId } from '#lib/server/db/changes.ts';

/** How long a claim holds a message: longer than a batch of posts can take. */
export const CLAIM_LEASE_MS = 10 * POST_TIMEOUT_MS + 30_000;
const BATCH = 10;

interface Worker {
  running: Promise<void> | null;
  again: boolean;
  stopped: boolean;
  timer: NodeJS.Timeout | undefined;
}

const workers = new Map<DB, Worker>();

async function drain(db: DB, worker: Worker): Promise<void> {
  const config = getConfig().webhooks;
  do {
    worker.again = false;
    for (;;) {
      const batch = await claimDueMessages(db, BATCH, CLAIM_LEASE_MS, instanceId());
      for (const [i, message] of batch.entries()) {
        if (worker.stopped) {
          // Handed back untried, so that the next start (or another instance) posts them at once.
          await releaseClaims(
            db,
            batch.slice(i).map((m) => m.id),
          );
          return;
        }
        await deliver(db, message, config);
      }
      if (batch.length < BATCH || worker.stopped) break;
    }
  } while (worker.again && !worker.stopped);
}

function schedule(db: DB, worker: Worker, delayMs: number): void {
  clearTimeout(worker.timer);
  if (worker.stopped) return;
  worker.timer = setTimeout(() => run(db, worker), delayMs);
  worker.timer.unref();
}

function run(db: DB, worker: Worker): void {
  if (worker.stopped) return;
  if (worker.running) {
    worker.again = true;
    return;
  }
  clearTimeout(worker.timer);
  const { pollMs } = getConfig().webhooks;
  worker.running = (async () => {
    let next = pollMs;
    try {
      await drain(db, worker);
      const due = await nextDueInMs(db);
      if (due !== undefined) next = Math.min(pollMs, Math.max(due, 20));
    } catch (error) {
      // The database is down or busy: the next poll tries again.
      console.error(`Webhook delivery paused: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      worker.running = null;
    }
    if (worker.again) next = 0;
    schedule(db, worker, next);
  })();
}

/** Starts delivering `db`'s outbox in this process (the site server calls it); a second call does nothing. */
export function startWebhookWorker(db: DB): void {
  if (workers.has(db)) return;
  const worker: Worker = { running: null, again: false, stopped: false, timer: undefined };
  workers.set(db, worker);
  schedule(db, worker, 0);
}

/**
 * Asks the worker of `db` to look at the outbox now: call it after a change that enqueued messages has committed.
 * Never throws, never waits; without a worker (the CLI) it does nothing and a server's poll picks them up.
 */
export function notifyWebhooks(db: DB): void {
  const worker = workers.get(db);
  if (worker && !worker.stopped) schedule(db, worker, 0);
}

/** Stops the worker of `db` after the message it is posting; resolves when it has stopped. */
export async function stopWebhookWorker(db: DB): Promise<void> {
  const worker = workers.get(db);
  if (!worker) return;
  worker.stopped = true;
  clearTimeout(worker.timer);
  workers.delete(db);
  await worker.running;
}
