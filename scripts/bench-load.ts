/**
 * Load benchmark (`npm run bench:load`; options `--duration 60 --connections 200`): a crowd after a match. On a
 * throwaway PostgreSQL database (created and dropped on the server of TEST_DATABASE_URL, else DATABASE_URL, else
 * postgres://postgres@127.0.0.1:5432/postgres) filled with the demo community, it serves the built site (BENCH_DIST,
 * default dist/) through the site server as in production and runs, at the same time, anonymous visitors on the home
 * page and the other pages, API readers, teams reporting new matches with their API keys (HLU's multipart upload)
 * and an admin approving pending matches with a session and its CSRF token (each approval rates a match). Prints
 * per kind: req/s, p50, p99, errors (connection failures and timeouts), 2xx/3xx/4xx/5xx, and the server's RSS at
 * start, every 10 s and at the end. Then what the server saw (load-probe.ts): per kind the time from request to
 * response end (autocannon's latencies include its own event loop's lag, on the same cores), the event loop's delay,
 * garbage collection pauses and the server's CPU time. BENCH_SERVER_NODE_OPTIONS is added to the server's
 * NODE_OPTIONS (a profile). Readers ask for compressed answers as browsers do (`--identity`: uncompressed), and their
 * load threads run at a lower priority than the server and the database (`--nice 10`; `--nice 0`: the same priority).
 * Before the measured run the same load runs for `--warm-up` seconds (default 10; 0: none), printed on its own: a
 * crowd after a match meets a server that has been running, while a server just started compiles each route and
 * warms its code under the first requests (the first second's writes took 600-900 ms, against 200-300 ms later).
 * Writes go at an even pace (load-writers.ts); `--burst` sends each second's together, as autocannon's rate limit did.
 */
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { connectDatabase } from '#lib/server/db/connect.ts';
import { adminQuery, createDemoDatabase, requireBuild, ROOT, startSite, stopChild, table } from './lib/bench-kit.ts';
import { loadTeams, matchLog, pendingStock, reportBody } from './lib/load-workload.ts';
import { PROBE_KINDS } from './lib/load-probe.ts';
import { askProbe, cpuSeconds, signInAdmin, choosePaths, type LoadKind, rssMb, runKind } from './lib/load-kinds.ts';
import { runPaced } from './lib/load-writers.ts';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '60' },
    'warm-up': { type: 'string', default: '10' },
    connections: { type: 'string', default: '200' },
    // HLU's key is limited to 30 reports a minute per team: the demo's 40 teams stay below it at 15/s.
    'report-rate': { type: 'string', default: '15' },
    'approval-rate': { type: 'string', default: '5' },
    // Seeding the demo takes minutes: --save-template NAME keeps a seeded copy, --template NAME starts from it.
    template: { type: 'string' },
    'save-template': { type: 'string' },
    // Readers ask for compressed answers as browsers (and the site's own fetches) do; --identity asks for none.
    identity: { type: 'boolean', default: false },
    // The crowd's browsers run on machines of their own: here the readers' load threads yield the cores to the server
    // and PostgreSQL (a nice value; 0 competes on equal terms, as runs before 2026-11-24 did).
    nice: { type: 'string', default: '10' },
    // Writers are sent at an even pace (load-writers.ts); --burst sends each second's writes together, as autocannon
    // did in runs before 2026-11-25.
    burst: { type: 'boolean', default: false },
  },
});
const DURATION = Number(values.duration);
const WARM_UP = Number(values['warm-up']);
const CONNECTIONS = Number(values.connections);
const REPORT_RATE = Number(values['report-rate']);
const APPROVAL_RATE = Number(values['approval-rate']);
const DIST = path.resolve(ROOT, process.env['BENCH_DIST'] ?? 'dist');
const ADMIN_URL =
  process.env['TEST_DATABASE_URL'] ?? process.env['DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';

requireBuild(DIST);
if (!ADMIN_URL.startsWith('postgres')) {
  console.error('bench:load needs a PostgreSQL server: set TEST_DATABASE_URL or DATABASE_URL to postgres://...');
  process.exit(1);
}

/** What a reader sends along: Chrome's Accept-Encoding, unless --identity. */
const READER_HEADERS: Record<string, string> = values.identity ? {} : { 'accept-encoding': 'gzip, deflate, br, zstd' };
const read = (path: string) => ({ path, headers: READER_HEADERS });

/** The ids of this process's threads (Linux). */
const threadIds = () => new Set(fs.readdirSync('/proc/self/task').map(Number));

/** Connections of each kind: shares of the total, at least one each. */
const share = (fraction: number) => Math.max(1, Math.round(CONNECTIONS * fraction));

const demo = await createDemoDatabase(
  ADMIN_URL,
  `hss_bench_load_${process.pid}`,
  async (db) => {
    const latest = await db
      .selectFrom('matches')
      .select((eb) => eb.fn.max('date').as('date'))
      .executeTakeFirstOrThrow();
    // After every demo match (and after now): approving in upload order then appends to the rating history.
    const start = new Date(Math.max(Date.now(), new Date(latest.date ?? Date.now()).getTime()) + 3_600_000);
    const teams = await loadTeams(db);
    const needed = Math.ceil(APPROVAL_RATE * (WARM_UP + DURATION) * 1.2) + 10;
    // A template saved by an earlier run already holds its stock (dated after every decided match): reuse it.
    const lastDecided = await db
      .selectFrom('matches')
      .select((eb) => eb.fn.max('date').as('date'))
      .where('calculation_status', '!=', 'pending')
      .executeTakeFirstOrThrow();
    const kept = await db
      .selectFrom('matches')
      .select('id')
      .where('calculation_status', '=', 'pending')
      .where('date', '>', lastDecided.date ?? new Date(0))
      .orderBy('date')
      .orderBy('id')
      .execute();
    // Topped up when short, with games of their own dated after the kept ones (approved in date order, each appends).
    const stock = [
      ...kept.slice(0, needed).map((m) => m.id),
      ...(kept.length < needed ? await pendingStock(db, teams, needed - kept.length, start) : []),
    ];
    console.error(`${teams.length} teams with keys; ${stock.length} pending matches to approve`);
    return { start, teams, stock };
  },
  values.template,
);
if (values['save-template'])
  await adminQuery(
    ADMIN_URL,
    `create database ${values['save-template']} template ${new URL(demo.url).pathname.slice(1)}`,
  );
const { start, teams, stock } = demo.prepared;
try {
  // BENCH_SERVER_NODE_OPTIONS (e.g. `--cpu-prof --cpu-prof-dir=.tmp/prof`) profiles the server under the load.
  const serverOptions = process.env['BENCH_SERVER_NODE_OPTIONS'];
  const probeFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hss-bench-load-')), 'probe.json');
  const probe = path.join(import.meta.dirname, 'lib/load-probe.ts');
  const { child, baseUrl } = await startSite(DIST, {
    DATABASE_URL: demo.url,
    NODE_OPTIONS: `--import ${probe}${serverOptions ? ` ${serverOptions}` : ''}`,
    LOAD_PROBE_FILE: probeFile,
  });
  try {
    const paths = await choosePaths(baseUrl);
    const admin = await signInAdmin(baseUrl);
    let reportIndex = 0;
    let approvalIndex = 0;
    const reportStart = new Date(start.getTime() + 1000 * 60_000);
    // Written before the run: simulating a log takes tens of milliseconds of this process's only thread, which would
    // delay every other kind's requests and time them out here, not in the server.
    const reports = Array.from({ length: Math.ceil(REPORT_RATE * (WARM_UP + DURATION) * 1.2) + 10 }, (_, i) => {
      const { reporter, tags, log } = matchLog(teams, stock.length + i, reportStart);
      const { body, contentType } = reportBody(tags, log, reportStart.getUTCFullYear());
      return { body, headers: { 'content-type': contentType, authorization: `Bearer ${reporter.key}` } };
    });
    const kinds: LoadKind[] = [
      { name: 'home page', connections: share(0.15), requests: [read(paths.home)] },
      { name: 'other pages', connections: share(0.25), requests: paths.pages.map(read) },
      { name: 'API reads', connections: share(0.4), requests: paths.api.map(read) },
      {
        name: 'match reports (API key)',
        connections: share(0.1),
        overallRate: REPORT_RATE,
        requests: [
          {
            method: 'POST',
            path: '/v2/matches/serverlog',
            // Past the prepared ones, a report is sent again: the server answers the match it already has.
            setupRequest: (request) => ({ ...request, ...reports[reportIndex++ % reports.length]! }),
          },
        ],
      },
      {
        name: 'approvals (session + CSRF)',
        connections: share(0.1),
        overallRate: APPROVAL_RATE,
        requests: [
          {
            method: 'POST',
            path: '/',
            setupRequest: (request) => {
              // Past the stock, approving the last match again answers 409: counted as a 4xx.
              const id = stock[Math.min(approvalIndex++, stock.length - 1)]!;
              return {
                ...request,
                path: `/v3/series/${encodeURIComponent(paths.series)}/matches/${id}`,
                headers: { ...admin.headers, 'content-type': 'application/json' },
                body: JSON.stringify({ action: 'approve' }),
              };
            },
          },
        ],
      },
    ];
    /** Every kind at once for `seconds`; the readers' autocannon threads yield (the writers run on this thread). */
    const runKinds = async (seconds: number) => {
      const before = threadIds();
      const runs = kinds.map((kind) =>
        kind.overallRate && !values.burst
          ? runPaced(baseUrl, { ...kind, overallRate: kind.overallRate }, seconds)
          : runKind(baseUrl, kind, seconds),
      );
      const readerThreads = [...threadIds()].filter((id) => !before.has(id));
      for (const id of readerThreads) os.setPriority(id, Number(values.nice));
      return { results: await Promise.all(runs), readerThreads: readerThreads.length };
    };
    const startRss = rssMb(child.pid!);
    const warm = WARM_UP > 0 ? (await runKinds(WARM_UP)).results : undefined;
    const rss: string[] = [];
    const warmRss = rssMb(child.pid!);
    await askProbe(child.pid!, probeFile); // starts the probe's count over: the warm-up is left out
    const startCpu = cpuSeconds(child.pid!);
    const sampler = setInterval(() => rss.push(`${rssMb(child.pid!)}`), 10_000);
    const { results, readerThreads } = await runKinds(DURATION);
    clearInterval(sampler);
    const serverCpu = cpuSeconds(child.pid!) - startCpu;
    const seen = await askProbe(child.pid!, probeFile);
    const endRss = rssMb(child.pid!);
    const rows = results.map((r, i) => [
      kinds[i]!.name,
      kinds[i]!.connections,
      r.requests.total,
      Math.round(r.requests.average),
      `${r.latency.p50} ms`,
      `${r.latency.p99} ms`,
      r.errors + r.timeouts,
      r['2xx'],
      r['3xx'],
      r['4xx'],
      r['5xx'],
    ]);
    const ended = performance.now();
    const approved = await countApproved(demo.url, stock);
    const postedAfter = ((performance.now() - ended) / 1000).toFixed(1);
    const pace = values.burst ? "each second's together" : 'evenly paced';
    console.log(
      `\nLoad on PostgreSQL with the demo community: ${CONNECTIONS} connections for ${DURATION} s ` +
        `(reports at ${REPORT_RATE}/s, approvals at ${APPROVAL_RATE}/s, ${pace}; readers accept ` +
        `${READER_HEADERS['accept-encoding'] ?? 'no compression'}; the readers' ${readerThreads} load threads at nice ${values.nice})\n`,
    );
    if (warm) {
      const p99s = warm.map((r, i) => `${kinds[i]!.name} ${r.latency.p99} ms`).join(', ');
      const failed = warm.reduce((n, r) => n + r.errors + r.timeouts + r['5xx'], 0);
      console.log(
        `Warm-up, not counted below: the same load for ${WARM_UP} s on the server just started, p99 ${p99s}; ` +
          `${failed} errors and 5xx\n`,
      );
    }
    console.log(
      table(['kind', 'conns', 'requests', 'req/s', 'p50', 'p99', 'errors', '2xx', '3xx', '4xx', '5xx'], rows),
    );
    if (seen) {
      console.log('\nAs the server saw it (request to response end):\n');
      console.log(
        table(
          ['kind', 'requests', 'p50', 'p99', 'max'],
          PROBE_KINDS.flatMap((kind) => {
            const k = seen.kinds[kind];
            return k ? [[kind, k.count, `${k.p50} ms`, `${k.p99} ms`, `${k.max} ms`]] : [];
          }),
        ),
      );
      const { loopDelay: d, gc } = seen;
      console.log(
        `\nserver CPU ${serverCpu.toFixed(1)} s in ${DURATION} s; event loop delay p50 ${d.p50} ms, p99 ${d.p99} ms, ` +
          `max ${d.max} ms; ${gc.count} GC pauses, ${gc.totalMs} ms in all, longest ${gc.maxMs} ms`,
      );
      // What stays alive tells a leak from a heap that has grown to its working size: the RSS alone does not.
      const heap = seen.heapAfterFullGcMb;
      const third = Math.max(1, Math.floor(heap.length / 3));
      const mean = (part: number[]) => Math.round(part.reduce((a, b) => a + b, 0) / Math.max(1, part.length));
      console.log(
        `server heap just after each of ${heap.length} full collections: ${Math.min(...heap)}-${Math.max(...heap)} MB, ` +
          `mean ${mean(heap.slice(0, third))} MB in the first third of the run, ${mean(heap.slice(-third))} MB in the last`,
      );
    }
    const warmed = warm ? ` (${warmRss} MB after the warm-up)` : '';
    console.log(
      `\nserver RSS: ${startRss} MB at start${warmed}, every 10 s: ${rss.join(', ')} MB; ${endRss} MB at the end`,
    );
    if (seen?.memory) {
      // RSS alone does not say what holds it: V8's reserved heap (grown under allocation, returned slowly), buffers
      // outside it, or native memory (code, the allocator's arenas, thread stacks).
      const { rss: resident, heapTotal, heapUsed, external } = seen.memory;
      console.log(
        `of which V8's heap ${heapTotal} MB reserved (${heapUsed} MB in use), outside it ${external} MB (buffers), ` +
          `the rest ${resident - heapTotal - external} MB (code, native allocations, stacks)`,
      );
    }
    const during = warm ? ', warm-up included' : '';
    console.log(
      `approved matches posted by the rating queue${during}: ${approved.posted} of ${approved.approved}, ` +
        `${postedAfter} s after the load ended`,
    );
    console.log(
      `machine: ${os.cpus().length} CPUs, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
  } finally {
    await stopChild(child);
    fs.rmSync(path.dirname(probeFile), { recursive: true, force: true });
  }
} finally {
  await demo.drop();
}

/**
 * How many of `ids` were approved and how many of those posted, once every approved one is posted or after 30 s: the
 * rating worker posts what was approved in the last moments after the load has ended.
 */
async function countApproved(databaseUrl: string, ids: number[]): Promise<{ approved: number; posted: number }> {
  const db = await connectDatabase({ databaseUrl, migrate: false });
  try {
    for (let attempt = 0; ; attempt++) {
      const rows = await db.db
        .selectFrom('matches')
        .select('calculation_status')
        .where('id', 'in', ids)
        .where('calculation_status', '!=', 'pending')
        .execute();
      const counts = { approved: rows.length, posted: rows.filter((r) => r.calculation_status === 'posted').length };
      if (counts.posted === counts.approved || attempt === 120) return counts;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    await db.close();
  }
}
