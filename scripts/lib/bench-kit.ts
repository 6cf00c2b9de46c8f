/**
 * What the HTTP benchmarks share: autocannon (typed for the part used), a free port, the built site started as a
 * child process through the site server, a throwaway PostgreSQL database, a plain text table, and the pages of a
 * running site worth measuring.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import pg from 'pg';
import type { Database } from '#lib/server/db/database.ts';
import { connectDatabase } from '#lib/server/db/connect.ts';
import { seedIfEmpty } from '#lib/server/services/bootstrap.ts';

/** The part of autocannon's result the benchmarks read (the package ships no types). */
export interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  '2xx': number;
  '3xx': number;
  '4xx': number;
  '5xx': number;
}
/** One request of a connection's cycle; `setupRequest` may rewrite it before each send. */
export interface AutocannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  setupRequest?: (request: AutocannonRequest) => AutocannonRequest;
}
export type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  /** Requests per second over all connections (default: as fast as the server answers). */
  overallRate?: number;
  headers?: Record<string, string>;
  requests?: AutocannonRequest[];
  /** Worker threads sending the requests (their requests must not carry functions); default: this thread. */
  workers?: number;
}) => Promise<AutocannonResult>;
// @ts-expect-error -- autocannon has no type declarations; Autocannon above describes what is used.
export const autocannon = (await import('autocannon')).default as Autocannon;

export const ROOT = path.resolve(import.meta.dirname, '../..');

/** Columns padded to their widest cell; the first two left-aligned (names), the rest right-aligned (numbers). */
export function table(headers: string[], rows: (string | number)[][]): string {
  const cells = [headers, ...rows.map((r) => r.map(String))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => r.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Runs one statement on the PostgreSQL at `url` (creating and dropping benchmark databases). */
export async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Whether database `name` exists on the PostgreSQL server of `adminUrl` (a benchmark's database kept with --keep). */
export async function databaseExists(adminUrl: string, name: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return (await client.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  } finally {
    await client.end();
  }
}

/** The machine's load averages (1, 5, 15 minutes), for a benchmark's closing line. */
export function loadAverage(): string {
  return `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`;
}

/** Ends the process with a hint when `dist` holds no build. */
export function requireBuild(dist: string): void {
  if (fs.existsSync(path.join(dist, 'server/entry.mjs'))) return;
  console.error(`${dist} has no build: run \`npm run build\` first`);
  process.exit(1);
}

/**
 * Creates database `name` on the PostgreSQL server of `adminUrl` (a copy of database `template` when given), fills
 * it with the demo community unless it holds data, lets `prepare` add to it, analyses it and answers its address
 * and how to drop it.
 */
export async function createDemoDatabase<T>(
  adminUrl: string,
  name: string,
  prepare: (db: Kysely<Database>) => Promise<T>,
  template?: string,
): Promise<{ url: string; prepared: T; drop: () => Promise<void> }> {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  await adminQuery(adminUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  const drop = () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
  try {
    const handle = await connectDatabase({ databaseUrl: url.toString() });
    try {
      const seeded = await seedIfEmpty(handle.db);
      if (seeded) console.error(seeded);
      const prepared = await prepare(handle.db);
      await sql`vacuum analyze`.execute(handle.db);
      return { url: url.toString(), prepared, drop };
    } finally {
      await handle.close();
    }
  } catch (error) {
    await drop();
    throw error;
  }
}

/** Starts the built site (`dist`) through the site server, as in production, and waits until it answers. */
export async function startSite(
  dist: string,
  env: Record<string, string>,
): Promise<{ child: ChildProcess; baseUrl: string }> {
  const port = await freePort();
  // A build inside another checkout (`--against ../other/dist`) is served by that checkout's site server, so that a
  // comparison covers the server's own code too.
  const beside = path.join(path.dirname(dist), 'scripts/serve.ts');
  const serve = fs.existsSync(beside) ? beside : path.join(ROOT, 'scripts/serve.ts');
  const child = spawn(process.execPath, [serve, dist], {
    env: {
      ...process.env,
      ...env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DEMO_SEED: 'off',
      REQUEST_LOG: 'off',
      ASTRO_TELEMETRY_DISABLED: '1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${baseUrl}/v3/series`)).ok) return { child, baseUrl };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error('the server did not start');
}

export function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/**
 * Runs `use` with the URL of a fresh PostgreSQL database (named `<prefix>_<pid>`, made through `adminUrl`) seeded
 * with the demo community and analysed, and drops the database afterwards whatever happens.
 */
export async function withDemoDatabase<T>(
  adminUrl: string,
  prefix: string,
  use: (url: string) => Promise<T>,
): Promise<T> {
  const dbName = `${prefix}_${process.pid}`;
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  await adminQuery(adminUrl, `create database ${dbName}`);
  try {
    const handle = await connectDatabase({ databaseUrl: url.toString() });
    console.error(await seedIfEmpty(handle.db));
    await sql`vacuum analyze`.execute(handle.db);
    await handle.close();
    return await use(url.toString());
  } finally {
    await adminQuery(adminUrl, `drop database if exists ${dbName} with (force)`);
  }
}

async function getJson<T>(baseUrl: string, pathname: string): Promise<T> {
  const response = await fetch(new URL(pathname, baseUrl));
  if (!response.ok) throw new Error(`${pathname} answered ${response.status}`);
  return (await response.json()) as T;
}

/**
 * What the benchmarks visit on a running site: its current series (`tag`, the pages' query `q` and the `api` base),
 * the team with the most matches, and the newest public match with the first of its players.
 */
export async function siteSights(baseUrl: string): Promise<{
  tag: string;
  q: string;
  api: string;
  busiest: string;
  match: { id: number; player: string };
}> {
  const series = await getJson<{ tag: string; current: boolean }[]>(baseUrl, '/v3/series');
  const tag = (series.find((s) => s.current) ?? series[0]!).tag;
  const q = `series=${encodeURIComponent(tag)}`;
  const api = `/v3/series/${encodeURIComponent(tag)}`;
  const teams = await getJson<{ tag: string; num_matches: number }[]>(baseUrl, `${api}/teams?limit=100`);
  const busiest = [...teams].sort((a, b) => b.num_matches - a.num_matches)[0]!;
  const { matches } = await getJson<{ matches: { match_id: number }[] }>(baseUrl, `${api}/matches?desc=true&limit=25`);
  for (const { match_id: id } of matches) {
    // Private matches answer 403 to a visitor: take the newest public one.
    const response = await fetch(new URL(`${api}/matches/${id}`, baseUrl));
    if (!response.ok) continue;
    const detail = (await response.json()) as { player_stats: Record<string, unknown> };
    const player = Object.keys(detail.player_stats)[0];
    if (player) return { tag, q, api, busiest: busiest.tag, match: { id, player } };
  }
  throw new Error(`series ${tag} has no public match with players`);
}
