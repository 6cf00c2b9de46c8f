import { WorkerPool } from '#lib/server/workers/pool.ts';
import { prepareReport, type PrepareRequest, type PreparedReport } from './prepare.ts';

/**
 * Uploads up to this size are prepared on the calling thread: a log this small (a short match) parses in a couple of
 * milliseconds, less than its trip to a worker and back costs under load (two thread wake-ups and an event-loop
 * turn, tens of milliseconds measured by bench:load on a busy machine).
 */
export const INLINE_PREPARE_BYTES = 32 * 1024;

// One pool per process, started by the first large upload and closed with the app (app.ts).
let pool: WorkerPool<PrepareRequest, PreparedReport> | undefined;

/**
 * Runs prepareReport on a worker thread: the event loop keeps serving while a log is parsed, and reports of one
 * process parse side by side (one worker per spare core). Same results and errors as calling prepareReport, which
 * is what happens for an upload of at most INLINE_PREPARE_BYTES.
 */
export async function prepareReportInWorker(request: PrepareRequest): Promise<PreparedReport> {
  if (request.bytes.byteLength <= INLINE_PREPARE_BYTES) return prepareReport(request);
  pool ??= new WorkerPool<PrepareRequest, PreparedReport>({
    entry: 'src/lib/server/services/ingestion/prepare-worker.ts',
  });
  return pool.run(request);
}

/** Stops the pool's threads, if it was started; the next large upload starts a new pool. */
export async function closePreparePool(): Promise<void> {
  const closing = pool;
  pool = undefined;
  await closing?.close();
}
