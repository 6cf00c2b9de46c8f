/**
 * What a page costs the browser's main thread on first load, read from a Chrome trace: the thread CPU time (the
 * trace's `tdur`, which the machine's other work does not lengthen, unlike wall time) of HTML parsing, style, layout
 * and paint, of all tasks together and of the longest task, the one that Lighthouse's Total Blocking Time weighs.
 */
import type { Browser } from '@playwright/test';
import type { TraceEvent } from './cpu-time-trace.ts';

/** Main-thread phases measured, by trace event name. */
export const PHASES = {
  parse: 'ParseHTML',
  style: 'UpdateLayoutTree',
  layout: 'Layout',
  paint: 'Paint',
} as const;

export interface RenderCost {
  /** Elements in the document once loaded (what Lighthouse's DOM size counts). */
  elements: number;
  /** Cumulative layout shift until a frame after load. */
  cls: number;
  /** Thread CPU ms per phase. */
  phases: Record<keyof typeof PHASES, number>;
  /** Thread CPU ms of every main-thread task, and of the longest one. */
  tasks: number;
  longest: number;
}

const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel'];

/** The page's renderer main thread: the process that parsed `url`'s HTML, its thread named CrRendererMain. */
function mainThread(events: TraceEvent[], url: string): TraceEvent[] {
  const pid = events.findLast((e) => e.name === 'ParseHTML' && e.args?.beginData?.url === url)?.pid;
  const tid = events.find((e) => e.name === 'thread_name' && e.pid === pid && e.args?.name === 'CrRendererMain')?.tid;
  if (pid === undefined || tid === undefined) throw new Error(`no renderer main thread for ${url} in the trace`);
  return events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X');
}

const cpu = (events: TraceEvent[]) => events.reduce((sum, e) => sum + (e.tdur ?? 0), 0) / 1000;

/**
 * Loads `url` once in a fresh context of `browser` (viewport `width` x `height`, CPU slowed down `throttle` times
 * through the DevTools protocol, as Lighthouse's phone is) while tracing, until a frame after the load event.
 */
export async function measureRender(
  browser: Browser,
  url: string,
  viewport: { width: number; height: number; deviceScaleFactor: number },
  throttle: number,
): Promise<RenderCost> {
  const context = await browser.newContext({ viewport, deviceScaleFactor: viewport.deviceScaleFactor });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    await page.goto(url, { waitUntil: 'load' });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
    const elements = await page.evaluate(() => document.getElementsByTagName('*').length);
    // Layout shifts reach an observer only (buffered); with none, the observer is never called.
    const cls = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list) => {
            const shifts = list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[];
            resolve(shifts.filter((s) => !s.hadRecentInput).reduce((sum, s) => sum + s.value, 0));
          }).observe({ type: 'layout-shift', buffered: true });
          setTimeout(() => resolve(0), 100);
        }),
    );
    const main = mainThread(trace.traceEvents, page.url());
    const tasks = main.filter((e) => e.name === 'RunTask');
    const phases = Object.fromEntries(
      Object.entries(PHASES).map(([phase, name]) => [phase, cpu(main.filter((e) => e.name === name))]),
    ) as RenderCost['phases'];
    return {
      elements,
      cls,
      phases,
      tasks: cpu(tasks),
      longest: Math.max(0, ...tasks.map((t) => (t.tdur ?? 0) / 1000)),
    };
  } finally {
    await context.close();
  }
}
