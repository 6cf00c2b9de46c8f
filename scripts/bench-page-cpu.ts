/**
 * CPU per uncached page (`node scripts/bench-page-cpu.ts [--requests 30] [--keep]`): on a PostgreSQL database with the
 * demo community (BENCH_DATABASE_URL as in bench:pages; database `hss_bench_page_cpu`, reused with --keep), serves
 * the built site with READ_CACHE_SECONDS=0 and asks each page `--requests` times one after the other, after a
 * warm-up (`--encoding` sets the Accept-Encoding asked with, e.g. a browser's `gzip, deflate, br, zstd`). Prints the
 * CPU time per request of the site server and of its PostgreSQL backends (from /proc), which stays meaningful while
 * other processes load the machine, unlike req/s. BENCH_SERVER_NODE_OPTIONS is passed to the
 * server as NODE_OPTIONS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`). BENCH_PAGE_CPU_DATABASE names another database,
 * so that two people on one PostgreSQL server keep (and drop) their own.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import {
  adminQuery,
  createDemoDatabase,
  databaseExists,
  ROOT,
  siteSights,
  startSite,
  stopChild,
  table,
} from './lib/bench-kit.ts';
import { signInAdmin } from './lib/load-kinds.ts';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '30' },
    keep: { type: 'boolean', default: false },
    only: { type: 'string' },
    encoding: { type: 'string' },
    // As a signed-in visitor (the demo admin's session): the page cache is bypassed and the caller is looked up.
    'signed-in': { type: 'boolean', default: false },
    // Another build to compare with: both servers answer in turn, so that the load of the machine weighs on both.
    against: { type: 'string' },
  },
});
const REQUESTS = Number(values.requests);
const ADMIN_URL = process.env['BENCH_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DIST = path.resolve(ROOT, process.env['BENCH_DIST'] ?? 'dist');
const NAME = process.env['BENCH_PAGE_CPU_DATABASE'] ?? 'hss_bench_page_cpu';
if (!/^[a-z_][a-z0-9_]*$/.test(NAME)) throw new Error(`BENCH_PAGE_CPU_DATABASE: not a plain database name: ${NAME}`);
const TICK_MS = 1000 / 100; // USER_HZ
// The Accept-Encoding sent (`--encoding 'gzip, deflate, br, zstd'` as a browser); by default fetch's own (gzip).
const ASK = values.encoding ? { headers: { 'accept-encoding': values.encoding } } : {};

/** CPU time (ms) a process has used so far, from /proc/<pid>/stat (utime + stime). */
function cpuMs(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0; // ended
  }
}

async function backends(client: pg.Client): Promise<number[]> {
  const { rows } = await client.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [NAME],
  );
  return rows.map((r) => r.pid);
}

const url = new URL(ADMIN_URL);
url.pathname = `/${NAME}`;
const exists = await databaseExists(ADMIN_URL, NAME);
if (!exists) await createDemoDatabase(ADMIN_URL, NAME, async () => undefined);

const { child, baseUrl } = await startSite(DIST, {
  DATABASE_URL: url.toString(),
  READ_CACHE_SECONDS: '0',
  ...(process.env['BENCH_SERVER_NODE_OPTIONS'] ? { NODE_OPTIONS: process.env['BENCH_SERVER_NODE_OPTIONS'] } : {}),
});
const other = values.against
  ? await startSite(path.resolve(values.against), {
      DATABASE_URL: url.toString(),
      READ_CACHE_SECONDS: '0',
      ...(process.env['BENCH_AGAINST_NODE_ENV'] ? { NODE_ENV: process.env['BENCH_AGAINST_NODE_ENV'] } : {}),
    })
  : undefined;
const watcher = new pg.Client({ connectionString: ADMIN_URL });
await watcher.connect();
try {
  const sights = await siteSights(baseUrl);
  const asking = async (base: string): Promise<RequestInit> => {
    if (!values['signed-in']) return ASK;
    const { cookie } = (await signInAdmin(base)).headers;
    return { headers: { ...ASK.headers, cookie: cookie! } };
  };
  const init = await asking(baseUrl);
  const otherInit = other ? await asking(other.baseUrl) : undefined;
  const { q } = sights;
  const pages: { name: string; path: string; status?: number }[] = [
    // The fixed cost of any page: middleware, shell, headers, compression, with no data of its own.
    { name: '404', path: `/no-such-page?${q}`, status: 404 },
    { name: 'home', path: `/?${q}` },
    { name: 'teams', path: `/teams?${q}` },
    { name: `team ${sights.busiest}`, path: `/teams/${encodeURIComponent(sights.busiest)}?${q}` },
    { name: `match ${sights.match.id}`, path: `/statistics/matches/${sights.match.id}?${q}` },
    { name: 'player', path: `/statistics/players/${encodeURIComponent(sights.match.player)}?${q}` },
  ].filter((p) => !values.only || p.name.includes(values.only));
  const rows: (string | number)[][] = [];
  for (const page of pages) {
    const target = new URL(page.path, baseUrl);
    const otherTarget = other && new URL(page.path, other.baseUrl);
    let bytes = 0;
    for (let i = 0; i < 20; i++) {
      bytes = (await (await fetch(target, init)).arrayBuffer()).byteLength; // warm-up
      if (otherTarget) await (await fetch(otherTarget, otherInit)).arrayBuffer();
    }
    const pids = await backends(watcher);
    const before = { server: cpuMs(child.pid!), db: pids.reduce((s, p) => s + cpuMs(p), 0) };
    const otherBefore = other ? cpuMs(other.child.pid!) : 0;
    const started = performance.now();
    for (let i = 0; i < REQUESTS; i++) {
      for (const [t, ask] of otherTarget
        ? [[target, init] as const, [otherTarget, otherInit] as const]
        : [[target, init] as const]) {
        const response = await fetch(t, ask);
        if (response.status !== (page.status ?? 200)) throw new Error(`${page.path} answered ${response.status}`);
        await response.arrayBuffer();
      }
    }
    const wall = performance.now() - started;
    const after = { server: cpuMs(child.pid!), db: pids.reduce((s, p) => s + cpuMs(p), 0) };
    const otherServer = other ? (cpuMs(other.child.pid!) - otherBefore) / REQUESTS : undefined;
    const server = (after.server - before.server) / REQUESTS;
    const db = (after.db - before.db) / REQUESTS;
    rows.push([
      page.name,
      `${(bytes / 1024).toFixed(1)} KB`,
      server.toFixed(1),
      db.toFixed(1),
      (server + db).toFixed(1),
      (wall / REQUESTS).toFixed(1),
      ...(otherServer === undefined ? [] : [otherServer.toFixed(1)]),
    ]);
  }
  const who = values['signed-in'] ? ', signed in' : '';
  console.log(`\nCPU per uncached request (ms), ${REQUESTS} sequential requests, READ_CACHE_SECONDS=0${who}\n`);
  console.log(
    table(['page', '', 'server', 'postgres', 'total', 'wall', ...(other ? [`server of ${values.against}`] : [])], rows),
  );
  console.log(
    `\nload average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
} finally {
  await watcher.end();
  await stopChild(child);
  if (other) await stopChild(other.child);
  if (!values.keep) await adminQuery(ADMIN_URL, `drop database if exists ${NAME} with (force)`);
}
