/** Worker entry of pool.test.ts: each task names what the worker does with it. */
import { badRequest } from '#lib/server/core/errors.ts';
import { serveTasks } from '#lib/server/workers/protocol.ts';

export type Task =
  | { kind: 'echo'; value: number }
  | { kind: 'http' }
  | { kind: 'throw' }
  | { kind: 'exit' }
  | { kind: 'hold'; gate: SharedArrayBuffer };

serveTasks((task: Task) => {
  switch (task.kind) {
    case 'echo':
      return task.value * 2;
    case 'http':
      throw badRequest('bad log', { code: 'EmptyLog' });
    case 'throw':
      throw new Error('a bug');
    case 'exit':
      return process.exit(3);
    case 'hold':
      // Blocks until the test opens the gate.
      Atomics.wait(new Int32Array(task.gate), 0, 0);
      return 'released';
  }
});
