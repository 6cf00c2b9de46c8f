/**
 * Lighthouse on a shared machine: with simulated throttling it takes each main-thread task's wall-clock length
 * from the trace and multiplies it by four (a phone), so when other processes hold the CPU a task that computed
 * for 20 ms but waited 200 ms for a core counts as 880 ms of blocking. `toCpuTime` rewrites a saved trace
 * (Lighthouse's `gatherMode` folder) so that each task of the page's main thread lasts only the CPU time its
 * thread spent in it (the trace's `tdur`), its inner events shrunk in proportion; auditing that folder again
 * (`auditMode`) estimates what an idle machine of this speed would score. The bench prints it beside the measured
 * scores, never instead of them.
 */
import fs from 'node:fs';
import path from 'node:path';

/** The part of a Chrome trace event read here and by render-trace.ts. */
export interface TraceEvent {
  name?: string;
  ph?: string;
  pid?: number;
  tid?: number;
  ts?: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; beginData?: { url?: string } };
}

const TASK_NAMES = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

/** Rewrites `<folder>/trace.json`; answers the main thread's task time before and after (ms). */
export function toCpuTime(folder: string, origin: string): { wallMs: number; cpuMs: number } {
  const file = path.join(folder, 'trace.json');
  const trace = JSON.parse(fs.readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(trace) ? trace : trace.traceEvents;
  // The page's renderer: the process that parsed the page's HTML; its main thread is CrRendererMain.
  const pid = events.findLast((e) => e.name === 'ParseHTML' && e.args?.beginData?.url?.startsWith(origin))?.pid;
  const tid = events.find((e) => e.name === 'thread_name' && e.pid === pid && e.args?.name === 'CrRendererMain')?.tid;
  if (pid === undefined || tid === undefined) throw new Error(`no main thread for ${origin} in ${file}`);
  const onMain = events.filter((e) => e.pid === pid && e.tid === tid && e.ts !== undefined);
  const tasks: Required<Pick<TraceEvent, 'ts' | 'dur' | 'tdur'>>[] = [];
  for (const e of onMain
    .filter((e) => e.ph === 'X' && TASK_NAMES.has(e.name ?? '') && e.dur !== undefined && e.tdur !== undefined)
    .sort((a, b) => a.ts! - b.ts!)) {
    const last = tasks.at(-1);
    if (!last || e.ts! >= last.ts + last.dur) tasks.push(e as (typeof tasks)[number]); // top-level tasks only
  }
  const wallMs = tasks.reduce((sum, t) => sum + t.dur, 0) / 1000;
  const cpuMs = tasks.reduce((sum, t) => sum + Math.min(t.tdur, t.dur), 0) / 1000;
  // Each event takes the ratio of the task it falls in; the task's start stays, so the order of events holds.
  const spans = tasks.map((t) => ({
    start: t.ts,
    end: t.ts + t.dur,
    ratio: t.dur > 0 ? Math.min(1, t.tdur / t.dur) : 1,
  }));
  for (const e of onMain) {
    let lo = 0;
    let hi = spans.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (spans[mid]!.start <= e.ts!) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    const span = spans[found];
    if (!span || e.ts! > span.end) continue;
    e.ts = span.start + (e.ts! - span.start) * span.ratio;
    if (e.dur !== undefined) e.dur *= span.ratio;
  }
  fs.writeFileSync(file, JSON.stringify(trace));
  return { wallMs, cpuMs };
}
