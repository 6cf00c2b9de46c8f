import { afterEach, describe, expect, it } from 'vitest';
import { HttpError } from '#lib/server/core/errors.ts';
import { messages } from '#lib/server/core/messages.ts';
import { WorkerPool } from '#lib/server/workers/pool.ts';
import type { Task } from './task-worker.ts';

const ENTRY = 'tests/unit/workers/task-worker.ts';
let pool: WorkerPool<Task, unknown> | undefined;
afterEach(() => pool?.close());

describe('WorkerPool', () => {
  it('answers tasks and rebuilds the HttpErrors a worker throws, status, message and details', async () => {
    pool = new WorkerPool<Task, unknown>({ entry: ENTRY, size: 2 });
    expect(await Promise.all([1, 2, 3].map((value) => pool!.run({ kind: 'echo', value })))).toEqual([2, 4, 6]);
    const error = await pool.run({ kind: 'http' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 400, message: 'bad log', code: 'EmptyLog', details: {} });
    const bug = await pool.run({ kind: 'throw' }).catch((e: unknown) => e);
    expect(bug).not.toBeInstanceOf(HttpError);
    expect(bug).toMatchObject({ message: 'a bug' });
  });

  it('fails only the task of a worker that exits or crashes, and serves the next tasks', async () => {
    pool = new WorkerPool<Task, unknown>({ entry: ENTRY, size: 1 });
    // The echo waits behind the exiting task and is served by the worker that replaces it.
    const exiting = pool.run({ kind: 'exit' });
    const queued = pool.run({ kind: 'echo', value: 5 });
    await expect(exiting).rejects.toThrow(/exit code 3/);
    await expect(queued).resolves.toBe(10);
    await expect(pool.run({ kind: 'echo', value: 7 })).resolves.toBe(14);
  });

  it('fails each task when the entry cannot even load, instead of leaving it waiting', async () => {
    pool = new WorkerPool<Task, unknown>({ entry: 'tests/unit/workers/broken-worker.ts', size: 1 });
    await expect(pool.run({ kind: 'echo', value: 1 })).rejects.toThrow('broken entry');
    await expect(pool.run({ kind: 'echo', value: 2 })).rejects.toThrow('broken entry');
  });

  it('answers 503 with Retry-After at once when too many tasks wait', async () => {
    pool = new WorkerPool<Task, unknown>({ entry: ENTRY, size: 1, maxQueued: 1 });
    const gate = new SharedArrayBuffer(4);
    const held = pool.run({ kind: 'hold', gate });
    const waiting = pool.run({ kind: 'echo', value: 1 });
    const refused = await pool.run({ kind: 'echo', value: 2 }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 503, message: messages.serverBusy, headers: { 'retry-after': '5' } });
    Atomics.store(new Int32Array(gate), 0, 1);
    Atomics.notify(new Int32Array(gate), 0);
    await expect(held).resolves.toBe('released');
    await expect(waiting).resolves.toBe(2);
  });
});
