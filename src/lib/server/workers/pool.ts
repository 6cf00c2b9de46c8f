import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { HttpError } from '#lib/server/core/errors.ts';
import { messages } from '#lib/server/core/messages.ts';
import type { WorkerReply } from './protocol.ts';

/*
 * CPU-heavy work without I/O (parsing an uploaded log) runs on worker threads, so that the event loop keeps answering
 * everyone else while it runs. Workers load their entry from src/ with Node's own TypeScript support: this module is
 * bundled by Astro into dist/ for the built site but runs from src/ under the CLI and vitest, so the entry is found
 * from the project root, not from this file's place.
 */

/** Seconds a queued task's caller is asked to wait before retrying when the queue is full. */
const BUSY_RETRY_SECONDS = 5;

export interface PoolOptions {
  /** Path of the worker entry from the project root (a .ts file under src/). */
  entry: string;
  /** Workers at most; default one per available core less one for the event loop (at least 1, at most 4). */
  size?: number;
  /** Tasks waiting for a worker at most; beyond, run() answers 503 at once. */
  maxQueued?: number;
  /** A task running longer fails and its worker is replaced (a runaway input must not hold a worker forever). */
  timeoutMs?: number;
}

interface Task {
  input: unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

interface Slot {
  worker: Worker;
  task: Task | null;
  timer: NodeJS.Timeout | null;
}

let root: string | undefined;

/** The folder holding package.json and src/ (walked up from this module, wherever it was bundled to). */
function projectRoot(): string {
  if (root) return root;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (fs.existsSync(path.join(dir, 'package.json')) && fs.existsSync(path.join(dir, 'src', 'lib')))
      return (root = dir);
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No project root (package.json and src/lib) above ${import.meta.url}`);
    dir = parent;
  }
}

/** The error a worker reported, rebuilt: an HttpError keeps its status, message, details and headers. */
function rebuild(error: Extract<WorkerReply, { ok: false }>['error']): Error {
  if (error.http) return new HttpError(error.http.status, error.message, error.http.details, error.http.headers);
  const rebuilt = new Error(error.message);
  if (error.stack) rebuilt.stack = error.stack;
  return rebuilt;
}

/**
 * A fixed-size pool of worker threads running one entry; each worker runs one task at a time. A worker that crashes,
 * exits or overruns fails its own task only (the caller gets an error, never a hang) and is replaced on demand.
 * Idle workers do not keep the process alive.
 */
export class WorkerPool<I, O> {
  readonly size: number;
  private readonly entry: string;
  private readonly maxQueued: number;
  private readonly timeoutMs: number;
  private readonly slots: Slot[] = [];
  private readonly queue: Task[] = [];
  private closed = false;

  constructor(options: PoolOptions) {
    this.entry = options.entry;
    this.size = options.size ?? Math.max(1, Math.min(4, os.availableParallelism() - 1));
    this.maxQueued = options.maxQueued ?? 64;
    this.timeoutMs = options.timeoutMs ?? 60_000;
  }

  /** Runs one task; rejects with the worker's error (HttpErrors rebuilt) or 503 when too many tasks wait. */
  run(input: I): Promise<O> {
    if (this.closed) return Promise.reject(new Error('The worker pool is closed'));
    return new Promise<O>((resolve, reject) => {
      const task: Task = { input, resolve: resolve as (value: unknown) => void, reject };
      const slot = this.idleSlot();
      if (slot) this.start(slot, task);
      else if (this.queue.length >= this.maxQueued)
        reject(new HttpError(503, messages.serverBusy, {}, { 'retry-after': String(BUSY_RETRY_SECONDS) }));
      else this.queue.push(task);
    });
  }

  /** Stops every worker; tasks still running or waiting fail. */
  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0)) task.reject(new Error('The worker pool is closed'));
    await Promise.all(this.slots.splice(0).map((slot) => this.retire(slot, new Error('The worker pool is closed'))));
  }

  private idleSlot(): Slot | undefined {
    const idle = this.slots.find((s) => s.task === null);
    if (idle) return idle;
    if (this.slots.length >= this.size) return undefined;
    const slot = this.spawn();
    this.slots.push(slot);
    return slot;
  }

  private spawn(): Slot {
    const worker = new Worker(path.join(projectRoot(), this.entry));
    const slot: Slot = { worker, task: null, timer: null };
    worker.on('message', (reply: WorkerReply) => {
      const task = slot.task;
      if (!task) return;
      this.finish(slot);
      if (reply.ok) task.resolve(reply.value);
      else task.reject(rebuild(reply.error));
    });
    // An uncaught error ends the worker; 'exit' follows and fails the task it held.
    worker.on('error', (error) => {
      void this.retire(slot, error);
    });
    worker.on('exit', (code) => {
      void this.retire(slot, new Error(`A worker thread stopped (exit code ${code}) while running a task`));
    });
    worker.unref();
    return slot;
  }

  private start(slot: Slot, task: Task): void {
    slot.task = task;
    // A running task keeps the process alive (a CLI awaiting it must not exit); an idle worker does not.
    slot.worker.ref();
    slot.timer = setTimeout(() => {
      void this.retire(slot, new Error(`A worker task ran longer than ${this.timeoutMs} ms`));
    }, this.timeoutMs);
    slot.timer.unref();
    slot.worker.postMessage(task.input);
  }

  private finish(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.task = null;
    slot.worker.unref();
    const next = this.queue.shift();
    if (next) this.start(slot, next);
  }

  /** Removes a worker (crashed, exited, overran or closing): its task fails with `error`; waiting tasks move on. */
  private async retire(slot: Slot, error: unknown): Promise<void> {
    const index = this.slots.indexOf(slot);
    if (index === -1) return;
    this.slots.splice(index, 1);
    if (slot.timer) clearTimeout(slot.timer);
    const task = slot.task;
    slot.task = null;
    task?.reject(error);
    const next = this.queue.shift();
    if (next) {
      const replacement = this.idleSlot();
      if (replacement) this.start(replacement, next);
      else this.queue.unshift(next);
    }
    await slot.worker.terminate();
  }
}
