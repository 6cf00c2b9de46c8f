import { parentPort } from 'node:worker_threads';
import { HttpError } from '#lib/server/core/errors.ts';

/** A worker's answer to one task: its value, or its error as plain data (an HttpError with what rebuilds it). */
export type WorkerReply =
  | { ok: true; value: unknown }
  | {
      ok: false;
      error: {
        message: string;
        stack?: string | undefined;
        http?: { status: number; details: Record<string, unknown>; headers: Record<string, string> };
      };
    };

function describe(error: unknown): Extract<WorkerReply, { ok: false }>['error'] {
  if (error instanceof HttpError)
    return {
      message: error.message,
      // The code goes with the details: a sentence made here is not in the receiving thread's catalogue record.
      http: { status: error.status, details: { ...error.details, code: error.code }, headers: error.headers },
    };
  if (error instanceof Error) return { message: error.message, stack: error.stack };
  return { message: String(error) };
}

/**
 * The body of a worker entry: answers every task posted to this thread with `handle(task)` (WorkerPool runs one
 * task at a time per worker, so replies go back in order).
 */
export function serveTasks<I, O>(handle: (input: I) => O): void {
  if (!parentPort) throw new Error('serveTasks runs only in a worker thread');
  const port = parentPort;
  port.on('message', (input: I) => {
    let reply: WorkerReply;
    try {
      reply = { ok: true, value: handle(input) };
    } catch (error) {
      reply = { ok: false, error: describe(error) };
    }
    try {
      port.postMessage(reply);
    } catch (error) {
      // A value that cannot be cloned must still answer the task (else its caller would wait for the timeout).
      port.postMessage({ ok: false, error: describe(error) } satisfies WorkerReply);
    }
  });
}
