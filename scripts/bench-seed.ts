/**
 * `npm run bench:seed`: seeds the default demo community (3 series, 40 teams, 800 players, 1,500 matches, the first
 * `npm start`'s work) into a new file-backed PGlite folder, BENCH_RUNS times (default 3), and, with
 * BENCH_DATABASE_URL (a PostgreSQL server whose user may create databases), into a new PostgreSQL database as many
 * times. Prints where the time goes, run by run, and the medians: opening and migrating the new database, then the
 * seed's parts (series, teams and users through the services; writing the matches, of which this thread waited for
 * the workers' rows and loaded them; players' strengths; rating every series: the recomputes and the refit checks;
 * planner statistics), with this process's CPU time, its main thread's (where PGlite works; the workers write the
 * logs beside it: on an idle machine the seed takes about that long) and the machine's load average (it may be
 * shared).
 * BENCH_VIA=services times the one-match-at-a-time path instead; BENCH_MATCHES and BENCH_TEAMS change the size.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { adminQuery } from './lib/bench-kit.ts';
import { connectDatabase, type DatabaseHandle } from '#lib/server/db/connect.ts';
import { DEMO_DEFAULTS, seedDemo, type DemoSeedTimes } from '#lib/server/services/demo/seed.ts';

const RUNS = Number(process.env['BENCH_RUNS'] ?? 3);
const POSTGRES = process.env['BENCH_DATABASE_URL'];
const VIA = process.env['BENCH_VIA'] === 'services' ? 'services' : 'bulk';
const SIZE = {
  teams: Number(process.env['BENCH_TEAMS'] ?? DEMO_DEFAULTS.teams),
  matches: Number(process.env['BENCH_MATCHES'] ?? DEMO_DEFAULTS.matches),
};
const TARGET = { pglite: 15, postgres: 10 };
const ROOT = path.resolve(import.meta.dirname, '..');

type Row = Record<string, number>;
const COLUMNS: [keyof Row, string][] = [
  ['open', 'open+migrate'],
  ['setup', 'setup'],
  ['matches', 'matches'],
  ['waitedForRows', '(waited rows)'],
  ['loading', '(loading)'],
  ['strengths', 'strengths'],
  ['recompute', 'recompute'],
  ['refit', 'refit'],
  ['analyze', 'analyze'],
  ['seed', 'SEED'],
  ['cpu', 'cpu'],
  ['mainCpu', 'main cpu'],
  ['load', 'load avg'],
];

/** A new empty database of the engine, opened and migrated (timed), and what removes it afterwards. */
async function newDatabase(
  engine: 'pglite' | 'postgres',
): Promise<{ handle: DatabaseHandle; remove: () => Promise<void> }> {
  if (engine === 'pglite') {
    const dir = fs.mkdtempSync(path.join(ROOT, '.tmp', 'bench-seed-'));
    const handle = await connectDatabase({ dataDir: dir });
    return { handle, remove: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `hss_bench_seed_${randomBytes(4).toString('hex')}`;
  await adminQuery(POSTGRES!, `create database ${name}`);
  const url = new URL(POSTGRES!);
  url.pathname = `/${name}`;
  const handle = await connectDatabase({ databaseUrl: url.toString(), poolSize: 4 });
  return { handle, remove: () => adminQuery(POSTGRES!, `drop database if exists ${name} with (force)`) };
}

async function run(engine: 'pglite' | 'postgres'): Promise<Row> {
  const load = os.loadavg()[0]!;
  let at = performance.now();
  const { handle, remove } = await newDatabase(engine);
  const open = (performance.now() - at) / 1000;
  try {
    at = performance.now();
    const cpu = process.cpuUsage();
    const mainCpu = process.threadCpuUsage();
    const summary = await seedDemo(handle.db, { ...SIZE, via: VIA });
    const seed = (performance.now() - at) / 1000;
    const used = process.cpuUsage(cpu);
    const mainUsed = process.threadCpuUsage(mainCpu);
    const times: Partial<DemoSeedTimes> = summary.times;
    return {
      open,
      ...(times as Row),
      seed,
      cpu: (used.user + used.system) / 1e6,
      mainCpu: (mainUsed.user + mainUsed.system) / 1e6,
      load,
    };
  } finally {
    await handle.close();
    await remove();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

function print(engine: string, rows: Row[]): void {
  const cells = [
    ['run', ...COLUMNS.map(([, label]) => label)],
    ...rows.map((r, i) => [String(i + 1), ...COLUMNS.map(([key]) => (r[key] === undefined ? '' : r[key]!.toFixed(2)))]),
    [
      'median',
      ...COLUMNS.map(([key]) =>
        rows.some((r) => r[key] !== undefined) ? median(rows.map((r) => r[key] ?? 0)).toFixed(2) : '',
      ),
    ],
  ];
  const widths = cells[0]!.map((_, i) => Math.max(...cells.map((r) => r[i]!.length)));
  console.log(
    `\n${engine}: seconds (cpu: the seed's, workers included; main cpu: of the main thread; load avg: 1-minute, at the start)`,
  );
  for (const r of cells)
    console.log(r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  '));
}

fs.mkdirSync(path.join(ROOT, '.tmp'), { recursive: true });
console.log(
  `Demo seed (${VIA}): ${SIZE.teams} teams, ${SIZE.matches} matches; ${RUNS} run(s) per engine on ${os.availableParallelism()} cores.`,
);
const engines: ('pglite' | 'postgres')[] = POSTGRES ? ['pglite', 'postgres'] : ['pglite'];
for (const engine of engines) {
  const rows: Row[] = [];
  for (let i = 0; i < RUNS; i++) rows.push(await run(engine));
  print(engine, rows);
  const seed = median(rows.map((r) => r['seed']!));
  console.log(
    `${engine}: median seed ${seed.toFixed(1)} s (target <= ${TARGET[engine]} s: ${seed <= TARGET[engine] ? 'met' : 'NOT met'}); with opening and migrating the new database ${median(rows.map((r) => r['seed']! + r['open']!)).toFixed(1)} s.`,
  );
}
if (!POSTGRES) console.log('\nSet BENCH_DATABASE_URL=postgres://... to time PostgreSQL too.');
