/**
 * `npm run bench:start`: how fast a built, seeded site starts answering, and what it holds in memory once idle.
 * Seeds the default demo community into a new PGlite folder (and, with BENCH_DATABASE_URL, into a new PostgreSQL
 * database), then starts the built site (dist/, through the site server as `npm run serve` does) BENCH_RUNS times
 * (default 3) on each and times from the spawn to the home page's first 200. After the last run's first answer the
 * site is left idle for IDLE_SECONDS (default 10) and its resident memory is read from /proc: anonymous memory (the
 * JavaScript heap, and on PGlite the WebAssembly memory of the embedded database with its shared buffers) apart
 * from file-backed pages (code and libraries). Prints the medians against the targets (PostgreSQL < 1 s, PGlite
 * < 2 s, idle PGlite < 250 MiB) and the machine's load average (it may be shared).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { adminQuery, freePort, loadAverage, requireBuild, ROOT, stopChild } from './lib/bench-kit.ts';
import { connectDatabase } from '#lib/server/db/connect.ts';
import { seedIfEmpty } from '#lib/server/services/bootstrap.ts';

const RUNS = Number(process.env['BENCH_RUNS'] ?? 3);
const IDLE_SECONDS = Number(process.env['IDLE_SECONDS'] ?? 10);
const POSTGRES = process.env['BENCH_DATABASE_URL'];
const DIST = path.join(ROOT, 'dist');
const TARGET = { pglite: 2, postgres: 1 };
const IDLE_TARGET_MIB = 250;

/** Resident memory of a process in MiB: all of it, anonymous and file-backed (smaps_rollup). */
function memory(pid: number): { rss: number; anonymous: number; file: number } {
  const rollup = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(rollup)?.[1] ?? 0);
  const mib = (n: number) => Math.round(n / 1024);
  return { rss: mib(kb('Rss')), anonymous: mib(kb('Anonymous')), file: mib(kb('Rss') - kb('Anonymous')) };
}

/** CPU seconds a process has used (user + system; /proc counts in USER_HZ, 100 a second on Linux). */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * Starts the site on the database of `env`; answers the seconds until the home page's first 200, the site's CPU
 * seconds by then (on a shared machine the steadier figure) and the child.
 */
async function start(env: Record<string, string>): Promise<{ seconds: number; cpu: number; child: ChildProcess }> {
  const port = await freePort();
  const at = performance.now();
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/serve.ts'), DIST], {
    env: { ...process.env, ...env, HOST: '127.0.0.1', PORT: String(port), DEMO_SEED: 'off', REQUEST_LOG: 'off' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 6000; i++) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/`);
      await response.arrayBuffer();
      if (response.ok) return { seconds: (performance.now() - at) / 1000, cpu: cpuSeconds(child.pid!), child };
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  child.kill();
  throw new Error('the site did not answer');
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function measure(engine: 'pglite' | 'postgres', env: Record<string, string>): Promise<void> {
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const { seconds, cpu: used, child } = await start(env);
    times.push(seconds);
    cpu.push(used);
    if (i === RUNS - 1) {
      await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
      const m = memory(child.pid!);
      console.log(
        `${engine}: idle after ${IDLE_SECONDS} s: ${m.rss} MiB resident (${m.anonymous} MiB anonymous: heap, buffers` +
          `${engine === 'pglite' ? ', the embedded database' : ''}; ${m.file} MiB file-backed: code)` +
          (engine === 'pglite'
            ? ` (target < ${IDLE_TARGET_MIB} MiB: ${m.rss < IDLE_TARGET_MIB ? 'met' : 'NOT met'})`
            : ''),
      );
    }
    await stopChild(child);
  }
  const m = median(times);
  console.log(
    `${engine}: first 200 of the home page after ${times.map((t) => t.toFixed(2)).join(', ')} s; median ${m.toFixed(2)} s ` +
      `(target < ${TARGET[engine]} s: ${m < TARGET[engine] ? 'met' : 'NOT met'}); the site's CPU by then: median ` +
      `${median(cpu).toFixed(2)} s; ${loadAverage()}`,
  );
}

requireBuild(DIST);
fs.mkdirSync(path.join(ROOT, '.tmp'), { recursive: true });
const dir = fs.mkdtempSync(path.join(ROOT, '.tmp', 'bench-start-'));
try {
  const handle = await connectDatabase({ dataDir: dir });
  console.log(await seedIfEmpty(handle.db));
  await handle.close();
  await measure('pglite', { DATA_DIR: dir });
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
if (POSTGRES) {
  const name = `hss_bench_start_${randomBytes(4).toString('hex')}`;
  await adminQuery(POSTGRES, `create database ${name}`);
  try {
    const url = new URL(POSTGRES);
    url.pathname = `/${name}`;
    const handle = await connectDatabase({ databaseUrl: url.toString() });
    console.log(await seedIfEmpty(handle.db));
    await handle.close();
    await measure('postgres', { DATABASE_URL: url.toString() });
  } finally {
    await adminQuery(POSTGRES, `drop database if exists ${name} with (force)`);
  }
} else console.log('Set BENCH_DATABASE_URL=postgres://... to time PostgreSQL too.');
