/**
 * Lighthouse benchmark (`npm run bench:lighthouse`; options `--runs 3`, `--only <text in the page name>`,
 * `--form mobile|desktop`, `--reports <folder>`; not part of npm test). Serves the built site (BENCH_DIST,
 * default dist/) on a fresh PostgreSQL database (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/
 * postgres; created, seeded with the demo community, dropped), or measures a running site given as
 * LIGHTHOUSE_URL, and runs Lighthouse with Debian's chromium (CHROMIUM, default /usr/bin/chromium) on every public
 * page kind (home, team, match, player, the statistics hub and lists, ratings, teams, tournaments), as a phone and as
 * a desktop. Prints performance, accessibility, best practices and
 * SEO scores with LCP, TBT and CLS: each page is measured `--runs` times and the run with the median performance
 * score is printed (the machine's other work lengthens main-thread tasks, and Lighthouse multiplies them by four on
 * a simulated phone). `--reports` keeps every run's full report as JSON there (diagnostics: main-thread work, DOM
 * size, long tasks, LCP element).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result as LighthouseResult } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { toCpuTime } from './lib/cpu-time-trace.ts';
import { ROOT, siteSights, startSite, stopChild, table, withDemoDatabase } from './lib/bench-kit.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    only: { type: 'string' },
    form: { type: 'string' },
    reports: { type: 'string' },
  },
});
const RUNS = Math.max(1, Number(values.runs));
const FORMS = (['mobile', 'desktop'] as const).filter((f) => !values.form || f === values.form);
const REPORTS = values.reports ? path.resolve(values.reports) : undefined;
const DIST = path.resolve(ROOT, process.env['BENCH_DIST'] ?? 'dist');
const ADMIN_URL = process.env['BENCH_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CHROMIUM = process.env['CHROMIUM'] ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** The current series' home page, its busiest team, newest public match and one of that match's players. */
async function choosePages(baseUrl: string): Promise<[string, string][]> {
  const { q, busiest, match } = await siteSights(baseUrl);
  return [
    ['home', `/?${q}`],
    [`team ${busiest}`, `/teams/${encodeURIComponent(busiest)}?${q}`],
    [`match ${match.id}`, `/statistics/matches/${match.id}?${q}`],
    ['player', `/statistics/players/${encodeURIComponent(match.player)}?${q}`],
    // The other public page kinds (tests/e2e/pages.ts lists them all).
    ['statistics', `/statistics?${q}`],
    ['matches', `/statistics/matches?${q}`],
    ['win rates', `/statistics/winrates?${q}`],
    ['ratings', `/statistics/ratings?${q}`],
    ['players', `/statistics/players?${q}`],
    ['teams', `/teams?${q}`],
    ['tournaments', `/statistics/tournaments?${q}`],
    ['tournament', `/statistics/tournaments/CUP3?${q}`],
  ];
}

interface Measured {
  scores: number[];
  lcp: number;
  tbt: number;
  cls: number;
  failing: string[];
}

function measured(lhr: LighthouseResult): Measured {
  const value = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    scores: CATEGORIES.map((id) => Math.round((lhr.categories[id]?.score ?? 0) * 100)),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    failing: Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
      .map((a) => a.id),
  };
}

const ms = (n: number) => `${Math.round(n)} ms`;

/**
 * One Lighthouse run: gathered into a folder and audited as measured, then audited again from a copy whose trace
 * counts CPU time only (scripts/lib/cpu-time-trace.ts), for the estimate beside it.
 */
async function runOnce(url: string, port: number, form: 'mobile' | 'desktop', keep?: string) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'hss-lighthouse-'));
  const config = form === 'desktop' ? desktopConfig : undefined;
  const flags = { port, logLevel: 'error' as const, onlyCategories: [...CATEGORIES] };
  try {
    const result = await lighthouse(url, { ...flags, gatherMode: folder, auditMode: folder }, config);
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    if (keep) fs.writeFileSync(keep, JSON.stringify(result.lhr));
    const thread = toCpuTime(folder, new URL(url).origin);
    const estimate = await lighthouse(url, { ...flags, auditMode: folder }, config);
    if (!estimate) throw new Error(`Lighthouse gave no estimate for ${url}`);
    return { real: measured(result.lhr), cpu: measured(estimate.lhr), thread };
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

async function audit(baseUrl: string): Promise<(string | number)[][]> {
  const pages = await choosePages(baseUrl);
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  const rows: (string | number)[][] = [];
  if (REPORTS) fs.mkdirSync(REPORTS, { recursive: true });
  try {
    for (const [name, pathname] of pages.filter(([n]) => !values.only || n.includes(values.only))) {
      for (const form of FORMS) {
        const runs: Awaited<ReturnType<typeof runOnce>>[] = [];
        for (let run = 1; run <= RUNS; run++) {
          const keep = REPORTS && path.join(REPORTS, `${name.replace(/\W+/g, '-')}-${form}-${run}.json`);
          const r = await runOnce(new URL(pathname, baseUrl).toString(), chrome.port, form, keep);
          runs.push(r);
          console.error(
            `${name} (${form}, run ${run}): ${r.real.scores.join(' ')} LCP ${ms(r.real.lcp)} TBT ${ms(r.real.tbt)} ` +
              `CLS ${r.real.cls.toFixed(3)}; failing: ${r.real.failing.join(', ') || 'none'}; main thread ` +
              `${ms(r.thread.wallMs)} wall for ${ms(r.thread.cpuMs)} CPU, CPU-time estimate ${r.cpu.scores[0]} ` +
              `TBT ${ms(r.cpu.tbt)}`,
          );
        }
        // The run with the median performance score stands for the page (the estimate: its own median).
        const median = <T>(list: T[], key: (x: T) => number) =>
          [...list].sort((a, b) => key(a) - key(b))[Math.floor((list.length - 1) / 2)]!;
        // A run whose trace broke (Lighthouse's NO_NAVSTART: no metrics, score 0) does not stand for the page.
        const usable = runs.filter((r) => Number.isFinite(r.real.lcp));
        const pool = usable.length > 0 ? usable : runs;
        const { real } = median(pool, (r) => r.real.scores[0]!);
        const { cpu, thread } = median(pool, (r) => r.cpu.scores[0]!);
        rows.push([
          name,
          form,
          ...real.scores,
          ms(real.lcp),
          ms(real.tbt),
          real.cls.toFixed(3),
          `${(thread.wallMs / thread.cpuMs).toFixed(1)}x`,
          cpu.scores[0]!,
          ms(cpu.lcp),
          ms(cpu.tbt),
        ]);
      }
    }
  } finally {
    chrome.kill();
  }
  return rows;
}

async function main(): Promise<void> {
  let rows: (string | number)[][];
  const given = process.env['LIGHTHOUSE_URL'];
  if (given) rows = await audit(given);
  else {
    if (!fs.existsSync(path.join(DIST, 'server/entry.mjs'))) throw new Error(`${DIST} has no build: run npm run build`);
    rows = await withDemoDatabase(ADMIN_URL, 'hss_bench_lighthouse', async (url) => {
      const { child, baseUrl } = await startSite(DIST, { DATABASE_URL: url });
      try {
        return await audit(baseUrl);
      } finally {
        await stopChild(child);
      }
    });
  }
  console.log(
    `\nMedian of ${RUNS} run(s) by performance score (of two, the lower). "wait" is the main thread's wall time over its CPU time (1.0x on` +
      ` an idle machine); the last three columns audit the same runs counting CPU time only (an estimate).`,
  );
  const headers = ['page', 'form', 'performance', 'accessibility', 'best practices', 'SEO', 'LCP', 'TBT', 'CLS'];
  console.log(table([...headers, 'wait', 'perf (CPU)', 'LCP (CPU)', 'TBT (CPU)'], rows));
}

await main();
