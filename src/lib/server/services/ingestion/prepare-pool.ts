import { WorkerPool } from '#lib/server/workers/pool.ts';
import type { PrepareRequest, PreparedReport } from './prepare.ts';

// One pool per process, kept on globalThis: the site server and the built site each load a copy of this module.
const holder = globalThis as typeof globalThis & { __hssPreparePool?: WorkerPool<PrepareRequest, PreparedReport> };

/**
 * Runs prepareReport on a worker thread: the event loop keeps serving while a log is parsed, and reports of one
 * process parse side by side (one worker per spare core). Same results and errors as calling prepareReport.
 */
export function prepareReportInWorker(request: PrepareRequest): Promise<PreparedReport> {
  holder.__hssPreparePool ??= new WorkerPool<PrepareRequest, PreparedReport>({
    entry: 'src/lib/server/services/ingestion/prepare-worker.ts',
  });
  return holder.__hssPreparePool.run(request);
}
