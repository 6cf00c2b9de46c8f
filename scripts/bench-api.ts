/**
 * Read API benchmark (`npm run bench:api`, or `npx node scripts/bench-api.ts [--seconds 10] [--connections 50]`).
 * For PGlite and, when reachable, PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres;
 * a fresh database is created and dropped): inserts a generated data set (40 teams, 1,500 matches with 20-100
 * players each), starts the built server (BENCH_DIST, default dist/, built when missing) as a child process on
 * 127.0.0.1 and measures the team list, match list, match detail and player detail with autocannon.
 * Targets on PostgreSQL: >= 1,000 req/s and p99 < 100 ms for each.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { connectDatabase, type Engine } from '#lib/server/db/connect.ts';
import { generateReadData } from '#tests/helpers/read-generate.ts';
import { adminQuery, autocannon, ROOT, startSite, stopChild, table } from './lib/bench-kit.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    engines: { type: 'string', default: 'pglite,postgres' },
  },
});
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
const DIST = path.resolve(ROOT, process.env['BENCH_DIST'] ?? 'dist');
const ENTRY = path.join(DIST, 'server/entry.mjs');
const ADMIN_URL = process.env['BENCH_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATA = { seriesTag: 'BENCH', teams: 40, matches: 1500, minPlayers: 20, maxPlayers: 100, seed: 7 };

async function postgresReachable(): Promise<boolean> {
  try {
    await adminQuery(ADMIN_URL, 'select 1');
    return true;
  } catch {
    return false;
  }
}

/** Paths each scenario cycles through (a different id per request, so that no single row stays hot). */
function scenarios(data: Awaited<ReturnType<typeof generateReadData>>): { name: string; paths: string[] }[] {
  const s = `/v3/series/${DATA.seriesTag}`;
  const publicMatches = data.matchIds.filter((_, i) => i % 25 !== 24);
  const publicPlayers = data.playerIds.filter((_, i) => i % 97 !== 0);
  const sample = <T>(items: T[], n: number) =>
    Array.from({ length: n }, (_, i) => items[Math.floor((i * items.length) / n)]!);
  return [
    // The machine's ceiling: the cheapest endpoint of the site (one tiny query), not a target.
    { name: '(baseline /v3/series)', paths: ['/v3/series'] },
    { name: 'team list', paths: [`${s}/teams`] },
    {
      name: 'match list',
      paths: Array.from({ length: 20 }, (_, i) => `${s}/matches?desc=true&limit=25&offset=${i * 25}`),
    },
    { name: 'match detail', paths: sample(publicMatches, 200).map((id) => `${s}/matches/${id}`) },
    { name: 'player detail', paths: sample(publicPlayers, 200).map((id) => `${s}/players/${id}`) },
  ];
}

async function measure(baseUrl: string, paths: string[]) {
  let next = 0;
  const result = await autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length]! }) }],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

async function benchEngine(engine: Engine): Promise<(string | number)[][]> {
  const dbName = `hss_bench_${process.pid}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hss-bench-'));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${dbName}`;
  if (engine === 'postgres') await adminQuery(ADMIN_URL, `create database ${dbName}`);
  try {
    const handle = await connectDatabase(engine === 'postgres' ? { databaseUrl: url.toString() } : { dataDir });
    const t0 = performance.now();
    const data = await generateReadData(handle.db, DATA);
    console.error(
      `${engine}: generated ${DATA.teams} teams, ${DATA.matches} matches in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    // A production database is vacuumed and has planner statistics; fresh bulk inserts have neither until autovacuum runs.
    await sql`vacuum analyze`.execute(handle.db);
    await handle.close();
    const { child, baseUrl } = await startSite(
      DIST,
      engine === 'postgres' ? { DATABASE_URL: url.toString() } : { DATA_DIR: dataDir },
    );
    const rows: (string | number)[][] = [];
    try {
      for (const scenario of scenarios(data)) {
        await measure(baseUrl, scenario.paths.slice(0, 5)).catch(() => undefined); // warm-up is discarded
        const r = await measure(baseUrl, scenario.paths);
        rows.push([engine, scenario.name, Math.round(r.rps), `${r.p50} ms`, `${r.p99} ms`, r.non2xx, r.errors]);
        console.error(`${engine} ${scenario.name}: ${Math.round(r.rps)} req/s`);
      }
    } finally {
      await stopChild(child);
    }
    return rows;
  } finally {
    if (engine === 'postgres') await adminQuery(ADMIN_URL, `drop database if exists ${dbName} with (force)`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (!fs.existsSync(ENTRY)) {
  console.error(`${ENTRY} is missing: building`);
  const build = spawnSync('npx', ['astro', 'build', '--outDir', DIST], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) process.exit(1);
}
const rows: (string | number)[][] = [];
for (const engine of values.engines.split(',') as Engine[]) {
  if (engine === 'postgres' && !(await postgresReachable())) {
    console.error(`PostgreSQL at ${ADMIN_URL} is not reachable: skipped`);
    continue;
  }
  rows.push(...(await benchEngine(engine)));
}
console.log(
  `\nRead API, ${CONNECTIONS} connections, ${SECONDS} s each (targets on PostgreSQL: >= 1000 req/s, p99 < 100 ms)\n`,
);
console.log(table(['engine', 'endpoint', 'req/s', 'p50', 'p99', 'non-2xx', 'errors'], rows));
console.log(
  `\nmachine: ${os.cpus().length} CPUs, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
