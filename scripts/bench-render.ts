/**
 * What the first load of the home, team, match and player pages costs a browser's main thread (`npm run
 * bench:render -- [--runs 7] [--form phone|desktop] [--throttle 4] [--only <text in the page name>] [--against
 * <dist folder>] [--keep]`; not part of npm test). Lighthouse's Total Blocking Time on a simulated phone is the
 * browser's own work on these pages (HTML parsing, style, layout, paint: a reader loads no JavaScript), multiplied by
 * four and by however long the machine's other work keeps a task from a core; this measures that work directly.
 * Serves the built site (BENCH_DIST, default dist/) on a PostgreSQL database with the demo community
 * (BENCH_DATABASE_URL as in bench:pages; database BENCH_RENDER_DATABASE, default `hss_bench_render`, kept with
 * --keep), loads each page `--runs` times in Debian's chromium (CHROMIUM) with a Chrome trace, and prints medians:
 * elements, HTML bytes (raw and brotli), and thread CPU ms of parsing, style, layout, paint, all tasks and the
 * longest task. With `--against`, another build is served on the same database and each run loads both one after
 * the other, so that the machine's load weighs on both alike.
 */
import path from 'node:path';
import zlib from 'node:zlib';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import {
  adminQuery,
  createDemoDatabase,
  databaseExists,
  loadAverage,
  ROOT,
  siteSights,
  startSite,
  stopChild,
  table,
} from './lib/bench-kit.ts';
import { measureRender, PHASES, type RenderCost } from './lib/render-trace.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '7' },
    form: { type: 'string', default: 'phone' },
    throttle: { type: 'string', default: '4' },
    only: { type: 'string' },
    against: { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});
const RUNS = Math.max(1, Number(values.runs));
const THROTTLE = Math.max(1, Number(values.throttle));
// Lighthouse's phone (a Moto G Power) and its desktop.
const VIEWPORT =
  values.form === 'desktop'
    ? { width: 1350, height: 940, deviceScaleFactor: 1 }
    : { width: 412, height: 823, deviceScaleFactor: 1.75 };
const ADMIN_URL = process.env['BENCH_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DIST = path.resolve(ROOT, process.env['BENCH_DIST'] ?? 'dist');
const CHROMIUM = process.env['CHROMIUM'] ?? '/usr/bin/chromium';
const NAME = process.env['BENCH_RENDER_DATABASE'] ?? 'hss_bench_render';

function median(list: number[]): number {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/** The page's HTML as a visitor's first request gets it: bytes raw and brotli-compressed as the site server does. */
async function htmlBytes(url: string): Promise<string> {
  const html = Buffer.from(await (await fetch(url)).arrayBuffer());
  const brotli = zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
  return `${(html.length / 1024).toFixed(1)} / ${(brotli.length / 1024).toFixed(1)} KB`;
}

/** One load of `url`; a trace that came back without the page's main thread (now and then) is taken again. */
async function measureOnce(url: string, attempts = 3): Promise<RenderCost> {
  try {
    return await measureRender(browser, url, VIEWPORT, THROTTLE);
  } catch (error) {
    if (attempts <= 1) throw error;
    return measureOnce(url, attempts - 1);
  }
}

function row(page: string, build: string, bytes: string, runs: RenderCost[]): (string | number)[] {
  const ms = (pick: (r: RenderCost) => number) => median(runs.map(pick)).toFixed(1);
  return [
    page,
    build,
    median(runs.map((r) => r.elements)),
    bytes,
    ...Object.keys(PHASES).map((phase) => ms((r) => r.phases[phase as keyof typeof PHASES])),
    ms((r) => r.tasks),
    ms((r) => r.longest),
    median(runs.map((r) => r.cls)).toFixed(3),
  ];
}

const url = new URL(ADMIN_URL);
url.pathname = `/${NAME}`;
if (!(await databaseExists(ADMIN_URL, NAME))) await createDemoDatabase(ADMIN_URL, NAME, async () => undefined);
const sites = [
  { name: path.relative(ROOT, DIST) || '.', ...(await startSite(DIST, { DATABASE_URL: url.toString() })) },
];
if (values.against) {
  const dist = path.resolve(values.against);
  sites.push({ name: path.relative(ROOT, dist), ...(await startSite(dist, { DATABASE_URL: url.toString() })) });
}
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
try {
  const { q, busiest, match } = await siteSights(sites[0]!.baseUrl);
  const pages = [
    ['home', `/?${q}`],
    [`team ${busiest}`, `/teams/${encodeURIComponent(busiest)}?${q}`],
    [`match ${match.id}`, `/statistics/matches/${match.id}?${q}`],
    ['player', `/statistics/players/${encodeURIComponent(match.player)}?${q}`],
  ].filter(([name]) => !values.only || name!.includes(values.only));
  const rows: (string | number)[][] = [];
  for (const [name, pathname] of pages) {
    const runs = sites.map((): RenderCost[] => []);
    for (let run = 0; run < RUNS; run++) {
      for (const [i, site] of sites.entries()) {
        runs[i]!.push(await measureOnce(new URL(pathname!, site.baseUrl).href));
      }
    }
    for (const [i, site] of sites.entries()) {
      rows.push(row(name!, site.name, await htmlBytes(new URL(pathname!, site.baseUrl).href), runs[i]!));
    }
  }
  console.log(
    `\nMain thread on first load (${values.form}, CPU ${THROTTLE}x slower), medians of ${RUNS} runs: thread CPU ms\n`,
  );
  const phases = Object.keys(PHASES);
  console.log(table(['page', 'build', 'elements', 'HTML / brotli', ...phases, 'all tasks', 'longest', 'CLS'], rows));
  console.log(`\n${loadAverage()}`);
} finally {
  await browser.close();
  for (const site of sites) await stopChild(site.child);
  if (!values.keep) await adminQuery(ADMIN_URL, `drop database if exists ${NAME} with (force)`);
}
