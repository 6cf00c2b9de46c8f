/**
 * Loaded into the server of `npm run bench:load` (NODE_OPTIONS `--import`): what the server itself saw of the load,
 * so that a slow answer can be told from a slow load generator (autocannon shares the machine's cores and its own
 * event loop, which adds its lag to every latency it measures). Per kind of request (as the benchmark's kinds are
 * told apart by method and path), the time from the request's head to its response's end; the event loop's delay;
 * the garbage collector's pauses. On SIGUSR2 it writes what it measured since the previous SIGUSR2 (or its start) as
 * JSON to the file named by LOAD_PROBE_FILE, then starts over.
 */
import fs from 'node:fs';
import http from 'node:http';
import {
  constants,
  createHistogram,
  monitorEventLoopDelay,
  performance,
  PerformanceObserver,
  type RecordableHistogram,
} from 'node:perf_hooks';

/** What one SIGUSR2 writes. */
export interface ProbeReport {
  /** Milliseconds from request to response end, per kind: p50, p99, max and count. */
  kinds: Record<string, { count: number; p50: number; p99: number; max: number }>;
  /** The event loop's delay (ms; a timer's lateness sampled every 10 ms). */
  loopDelay: { p50: number; p99: number; max: number };
  gc: { count: number; totalMs: number; maxMs: number };
  /** The JavaScript heap in use (MB) as seen just after each full collection, in order: what stays alive. */
  heapAfterFullGcMb: number[];
  /** process.memoryUsage() when asked, in MB. */
  memory: { rss: number; heapTotal: number; heapUsed: number; external: number };
}

/** The kinds probeKind tells apart, in the benchmark's order. */
export const PROBE_KINDS = ['home page', 'other pages', 'API reads', 'match reports', 'approvals'] as const;

/** The benchmark's kind of a request (load-kinds.ts choosePaths and bench-load.ts). */
export function probeKind(method: string, url: string): string {
  if (method === 'POST') return url.startsWith('/v2/matches/serverlog') ? 'match reports' : 'approvals';
  if (url.startsWith('/v2/') || url.startsWith('/v3/')) return 'API reads';
  return url === '/' || url.startsWith('/?') ? 'home page' : 'other pages';
}

function memoryMb(): ProbeReport['memory'] {
  const { rss, heapTotal, heapUsed, external } = process.memoryUsage();
  const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
  return { rss: mb(rss), heapTotal: mb(heapTotal), heapUsed: mb(heapUsed), external: mb(external) };
}

const file = process.env['LOAD_PROBE_FILE'];
if (file) {
  // Histograms of nanoseconds (as the event loop's), not lists: a list of every request's time grew by millions of
  // numbers in a run and showed as the server's own heap growing (two heap snapshots 100 s apart).
  let times = new Map<string, RecordableHistogram>();
  let gc = { count: 0, totalMs: 0, maxMs: 0 };
  let heapAfterFullGcMb: number[] = [];
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gc.count += 1;
      gc.totalMs += entry.duration;
      gc.maxMs = Math.max(gc.maxMs, entry.duration);
      // Sampled as the observer is told, a moment after the collection: close to what it left alive.
      const { detail } = entry as PerformanceEntry & { detail?: { kind?: number } };
      if (detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR)
        heapAfterFullGcMb.push(Math.round(process.memoryUsage().heapUsed / 1024 / 1024));
    }
  }).observe({ entryTypes: ['gc'] });
  // Every server of the process (the site server makes one): timed from the 'request' event, before any handler.
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (this: http.Server, event: string, ...args: unknown[]) {
    if (event === 'request') {
      const [req, res] = args as [http.IncomingMessage, http.ServerResponse];
      const start = performance.now();
      const kind = probeKind(req.method ?? 'GET', req.url ?? '/');
      res.once('finish', () => {
        let histogram = times.get(kind);
        if (!histogram) times.set(kind, (histogram = createHistogram()));
        histogram.record(Math.max(1, Math.round((performance.now() - start) * 1e6)));
      });
    }
    return emit.call(this, event, ...args);
  } as typeof emit;
  process.on('SIGUSR2', () => {
    const kinds: ProbeReport['kinds'] = {};
    const ms = (ns: number) => Math.round(ns / 1e6);
    for (const [kind, histogram] of times) {
      kinds[kind] = {
        count: histogram.count,
        p50: ms(histogram.percentile(50)),
        p99: ms(histogram.percentile(99)),
        max: ms(histogram.max),
      };
    }
    const report: ProbeReport = {
      kinds,
      loopDelay: { p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max) },
      gc: { count: gc.count, totalMs: Math.round(gc.totalMs), maxMs: Math.round(gc.maxMs) },
      heapAfterFullGcMb,
      memory: memoryMb(),
    };
    fs.writeFileSync(file, JSON.stringify(report));
    times = new Map();
    gc = { count: 0, totalMs: 0, maxMs: 0 };
    heapAfterFullGcMb = [];
    delay.reset();
  });
}
