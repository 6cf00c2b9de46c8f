import { AsyncLocalStorage } from 'node:async_hooks';
import type { ServerResponse } from 'node:http';

interface AfterResponseScope {
  done: boolean;
  tasks: (() => void)[];
}

const scope = new AsyncLocalStorage<AfterResponseScope>();

/**
 * Runs `handle` for one request so that `afterResponse()` calls made while answering it wait until its response
 * has been sent (`finish`) or the connection closed, whichever comes first.
 */
export function withAfterResponse(res: ServerResponse, handle: () => void): void {
  const state: AfterResponseScope = { done: false, tasks: [] };
  const flush = () => {
    if (state.done) return;
    state.done = true;
    for (const task of state.tasks.splice(0)) task();
  };
  res.once('finish', flush);
  res.once('close', flush);
  scope.run(state, handle);
}

/**
 * Runs `task` once the current request's response has gone out, or on the next turn of the event loop outside a
 * request (tests, the CLI) or when the response is already sent. Work started from a request that would hold the
 * process (the embedded database runs in this thread) therefore never delays that request's answer.
 */
export function afterResponse(task: () => void): void {
  const state = scope.getStore();
  if (state && !state.done) state.tasks.push(task);
  else setImmediate(task);
}
