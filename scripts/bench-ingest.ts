/**
 * Ingestion benchmark (`npm run bench:ingest [-- --reports N]`).
 * 1. Parse throughput (MB/s) of each log format on one generated 100-player, 90-minute match (>= 20,000 lines).
 * 2. End-to-end report time through the real service (`reportMatch`) on an in-memory PGlite: N reports of distinct
 *    generated 100-player matches by a team key, median and p95.
 * Targets: >= 50 MB/s parsing; < 300 ms per report on PGlite.
 */
import { parseArgs } from 'node:util';
import { parseLog, parseMatch, type LogFormat } from '#lib/domain/logs/index.ts';
import { samplePlayers, simulateMatch, writeLog } from '#lib/domain/logs/write/index.ts';
import { connectDatabase } from '#lib/server/db/connect.ts';
import { cliActor, type Actor } from '#lib/server/auth/actor.ts';
import { createSeries } from '#lib/server/services/series.ts';
import { createTeam } from '#lib/server/services/teams-write.ts';
import { reportMatch } from '#lib/server/services/ingestion/index.ts';

const FORMATS: LogFormat[] = ['hlu-txt', 'hlu-csv', 'hlu-json', 'rcon'];
const { values } = parseArgs({
  options: { reports: { type: 'string', default: '40' }, seconds: { type: 'string', default: '1.5' } },
});
const REPORTS = Number(values.reports);
const SECONDS = Number(values.seconds);

function quantile(sorted: number[], q: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i] ?? NaN;
}

function table(headers: string[], rows: (string | number)[][]): string {
  const cells = [headers, ...rows.map((r) => r.map(String))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}

/** Runs fn repeatedly for about `seconds` after a warm-up and returns the mean milliseconds per run. */
function timeIt(fn: () => unknown, seconds: number): number {
  for (let i = 0; i < 3; i++) fn();
  let runs = 0;
  const start = performance.now();
  while (performance.now() - start < seconds * 1000) {
    fn();
    runs += 1;
  }
  return (performance.now() - start) / runs;
}

function match(seed: number, pool: ReturnType<typeof samplePlayers>, killsPerMinute: number, start: Date) {
  const offset = (seed * 37) % (pool.length - 100);
  const players = pool.slice(offset, offset + 100);
  return simulateMatch({
    seed,
    start,
    durationMinutes: 90,
    map: ['carentan', 'foy', 'SMDM', 'Hill 400', 'PHL'][seed % 5]!,
    allies: players.slice(0, 50),
    axis: players.slice(50),
    alliedScore: 3,
    axisScore: 2,
    killsPerMinute,
  });
}

// 1. Parse throughput.
const pool = samplePlayers(2026, 600);
const big = match(1, pool, 230, new Date('2026-04-01T19:00:00Z'));
const parseRows: (string | number)[][] = [];
for (const format of FORMATS) {
  const text = writeLog(format, big.events);
  const bytes = Buffer.byteLength(text);
  const lines = text.split('\n').length;
  const msLog = timeIt(() => parseLog(text, { year: 2026 }), SECONDS);
  const msMatch = timeIt(() => parseMatch(text, { year: 2026 }), SECONDS);
  const mb = bytes / 1024 / 1024;
  parseRows.push([
    format,
    lines,
    mb.toFixed(2),
    msLog.toFixed(1),
    (mb / (msLog / 1000)).toFixed(1),
    msMatch.toFixed(1),
    (mb / (msMatch / 1000)).toFixed(1),
  ]);
}
console.log(`Parse throughput: one 100-player, 90-minute match, ${big.events.length} events (MB = MiB)\n`);
console.log(table(['format', 'lines', 'MB', 'events ms', 'events MB/s', 'match ms', 'match MB/s'], parseRows));

// 2. End-to-end reports on PGlite.
const handle = await connectDatabase({ dataDir: 'memory://' });
const db = handle.db;
await createSeries(db, { tag: 'BENCH', name: 'Benchmark', current: true });
const home = await createTeam(db, cliActor, { tag: 'HOME', name: 'Home', seriesTag: 'BENCH' });
await createTeam(db, cliActor, { tag: 'AWAY', name: 'Away', seriesTag: 'BENCH' });
const actor: Actor = { kind: 'team-key', teamId: home.id, teamTag: 'HOME' };
const logs = Array.from({ length: REPORTS }, (_, i) =>
  writeLog('hlu-csv', match(100 + i, pool, 20, new Date(Date.UTC(2026, 3, 1 + (i % 28), 19))).events),
);
const parseTimes = logs
  .map((text) => {
    const start = performance.now();
    parseMatch(text);
    return performance.now() - start;
  })
  .sort((a, b) => a - b);
const times: number[] = [];
for (const [i, text] of logs.entries()) {
  const start = performance.now();
  await reportMatch(db, actor, {
    data: { teams: i % 2 ? ['HOME', 'AWAY'] : ['AWAY', 'HOME'], kind: 'competitive' },
    file: { name: 'export.csv', content: text },
  });
  times.push(performance.now() - start);
}
const warm = times.slice(Math.min(3, times.length - 1)).sort((a, b) => a - b);
const rows = await db
  .selectFrom('player_match_stats')
  .select((eb) => eb.fn.countAll<number>().as('n'))
  .executeTakeFirstOrThrow();
await handle.close();
const avgKb = logs.reduce((s, t) => s + Buffer.byteLength(t), 0) / logs.length / 1024;
console.log(
  `\nEnd-to-end reportMatch on in-memory PGlite: ${REPORTS} hlu-csv reports of 100 players (~${avgKb.toFixed(0)} KiB each),`,
);
console.log(`first 3 excluded as warm-up; ${rows.n} player rows written\n`);
console.log(
  table(
    ['reports', 'median ms', 'p95 ms', 'max ms', 'first ms', 'parse-only median ms'],
    [
      [
        warm.length,
        quantile(warm, 0.5).toFixed(1),
        quantile(warm, 0.95).toFixed(1),
        (warm.at(-1) ?? NaN).toFixed(1),
        (times[0] ?? NaN).toFixed(1),
        quantile(parseTimes, 0.5).toFixed(1),
      ],
    ],
  ),
);
