/**
 * `npm run bench:ratings`: a full recompute of 100,000 matches among 500 teams on in-memory PGlite.
 * The matches are inserted directly in bulk first (not timed). Prints the pure rating computation time (target
 * < 2 s) and the total of the recompute including database I/O (load the matches, write match ratings, rating
 * history and team ratings in one transaction), then the cost of posting one more match incrementally.
 * Then the roster-aware model on the same matches with a lineup of 50 players a side (100 per match, drawn from
 * pools of 60 per team, part-time players included), pure computation (target: well under a minute).
 * BENCH_DATABASE_URL runs the same on PostgreSQL (a scratch database: the benchmark's rows are deleted at the end,
 * timed). BENCH_MATCHES and BENCH_TEAMS change the size.
 */
import fs from 'node:fs';
import { sql } from 'kysely';
import { connectDatabase } from '#lib/server/db/connect.ts';
import type { DB } from '#lib/server/db/index.ts';
import type { NewMatch } from '#lib/server/db/tables/matches.ts';
import {
  DEFAULT_MODEL,
  DEFAULT_PLAYERS,
  compileMatches,
  replayRatings,
  runRosterModel,
} from '#lib/domain/rating/index.ts';
import type { LineupEntry } from '#lib/domain/rating/index.ts';
import { insertImportedMatches, matchWithoutLog } from '#lib/server/repositories/imports.ts';
import { listRatingMatches } from '#lib/server/repositories/ratings.ts';
import { ensureTeamRating, insertTeam } from '#lib/server/repositories/teams-write.ts';
import { createSeries } from '#lib/server/services/series.ts';
import { rateQueued, recomputeRatings } from '#lib/server/services/ratings/rate.ts';
import { isDrawnResult, seriesReplayParams } from '#lib/server/services/ratings/params.ts';

const MATCHES = Number(process.env['BENCH_MATCHES'] ?? 100_000);
const TEAMS = Number(process.env['BENCH_TEAMS'] ?? 500);
const RESULTS = ['5-0', '4-1', '3-2'];

// Deterministic LCG so every run times the same input.
let state = 12345;
function random(): number {
  state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
  return state / 4294967296;
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;

/**
 * CPU time (ms) the PostgreSQL backend serving `db` has used so far, read from /proc when the server runs on this
 * machine (the wall time is noisy on a shared machine); undefined elsewhere and on PGlite.
 */
async function backendCpu(db: DB): Promise<number | undefined> {
  if (!url) return undefined;
  const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
  try {
    const fields = fs.readFileSync(`/proc/${rows[0]!.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime are fields 14 and 15 of the whole line, in clock ticks (100 per second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) / 100) * 1000;
  } catch {
    return undefined;
  }
}

/**
 * Runs `work` in one transaction and measures it: wall time, the database backend's CPU (PostgreSQL on this machine)
 * and this process's CPU. On a shared machine the wall time is noisy; the CPU times much less so.
 */
async function measured<T>(work: (trx: DB) => Promise<T>): Promise<{ out: T; ms: number; cpu: string }> {
  const start = performance.now();
  const own = process.cpuUsage();
  let database: number | undefined;
  const out = await db.transaction().execute(async (trx) => {
    const before = await backendCpu(trx);
    const result = await work(trx);
    const after = await backendCpu(trx);
    if (before !== undefined && after !== undefined) database = after - before;
    return result;
  });
  const ms = performance.now() - start;
  const used = process.cpuUsage(own);
  const mine = (used.user + used.system) / 1000;
  const fmt = (value: number) => (ms < 1000 ? `${value.toFixed(0)} ms` : seconds(value));
  const cpu = `${database === undefined ? '' : `; database CPU ${fmt(database)}`}; this process's CPU ${fmt(mine)}`;
  return { out, ms, cpu };
}

const url = process.env['BENCH_DATABASE_URL'];
const handle = await connectDatabase(url ? { databaseUrl: url } : { dataDir: 'memory://' });
const db = handle.db;
const run = `BENCH${Date.now().toString(36).toUpperCase()}`;
console.log(`Engine: ${handle.engine}${url ? '' : ' (in memory)'}`);
try {
  await createSeries(db, { tag: run, name: 'Benchmark', current: false });
  const series = await db.selectFrom('series').selectAll().where('tag', '=', run).executeTakeFirstOrThrow();
  const teamIds: number[] = [];
  for (let i = 0; i < TEAMS; i++) {
    const team = await insertTeam(db, { tag: `${run}-${i}`, name: `Team ${i}` });
    await ensureTeamRating(db, series.id, team.id);
    teamIds.push(team.id);
  }
  const t0 = performance.now();
  const start = Date.UTC(2020, 0, 1);
  const rows: NewMatch[] = [];
  for (let i = 0; i < MATCHES; i++) {
    const a = Math.floor(random() * TEAMS);
    let b = Math.floor(random() * (TEAMS - 1));
    if (b >= a) b++;
    rows.push(
      matchWithoutLog({
        series_id: series.id,
        type: 'competitive',
        map: 'carentan',
        date: new Date(start + i * 60_000),
        result: RESULTS[Math.floor(random() * RESULTS.length)]!,
        winner_tag: `B${a}`,
        loser_tag: `B${b}`,
        winner_team_id: teamIds[a]!,
        loser_team_id: teamIds[b]!,
        calculation_status: 'queued',
        victor_side: 'Allies',
      }),
    );
  }
  await insertImportedMatches(db, rows);
  console.log(
    `Inserted ${MATCHES} matches among ${TEAMS} teams in ${seconds(performance.now() - t0)} (setup, not timed below).`,
  );

  // The pure computation on the loaded rows, as the recompute runs it (best of 3 after a warm-up).
  const loaded = await listRatingMatches(db, series.id);
  const input = loaded.map((m) => ({
    id: m.id,
    winner: m.winner_team_id!,
    loser: m.loser_team_id!,
    result: m.result,
    date: m.date,
    drawn: isDrawnResult(m.result),
  }));
  const params = seriesReplayParams(series);
  replayRatings(input, params);
  const times: number[] = [];
  for (let run = 0; run < 3; run++) {
    const t = performance.now();
    replayRatings(input, params);
    times.push(performance.now() - t);
  }
  console.log(`Rating computation (replayRatings, ${MATCHES} matches): ${seconds(Math.min(...times))} (target < 2 s)`);

  // The roster-aware model: 50 of a team's 60 players a side, a fifth of them part-time.
  const lineup = (team: number): LineupEntry[] =>
    Array.from({ length: 50 }, (_, k) => ({
      player: team * 60 + ((k + Math.floor(random() * 10)) % 60),
      seconds: random() < 0.2 ? 600 + Math.floor(random() * 4800) : 5400,
    }));
  const withLineups = input.map((m) => ({
    ...m,
    lineups: { winner: lineup(teamIds.indexOf(m.winner)), loser: lineup(teamIds.indexOf(m.loser)) },
  }));
  const tc = performance.now();
  const compiled = compileMatches(withLineups);
  const compileMs = performance.now() - tc;
  const rosterTimes: number[] = [];
  for (let run = 0; run < 2; run++) {
    const t = performance.now();
    runRosterModel(compiled, DEFAULT_MODEL, DEFAULT_PLAYERS);
    rosterTimes.push(performance.now() - t);
  }
  console.log(
    `Roster-aware model (${MATCHES} matches of 100 players, ${compiled.lineups!.players.length} players): compile ${seconds(compileMs)}, rate ${seconds(Math.min(...rosterTimes))} (target well under 60 s)`,
  );

  const full = await measured((trx) => recomputeRatings(trx, series.id));
  console.log(
    `Full recompute with database I/O (load, write ${full.out.rated} match ratings, ${2 * full.out.rated} history points, ${TEAMS} team ratings): ${seconds(full.ms)}${full.cpu}`,
  );

  rows.length = 0;
  const last = teamIds.length - 1;
  await insertImportedMatches(db, [
    matchWithoutLog({
      series_id: series.id,
      type: 'competitive',
      map: 'carentan',
      date: new Date(start + MATCHES * 60_000),
      result: '4-1',
      winner_tag: 'B0',
      loser_tag: `B${last}`,
      winner_team_id: teamIds[0]!,
      loser_team_id: teamIds[last]!,
      calculation_status: 'queued',
    }),
  ]);
  const one = await measured((trx) => rateQueued(trx, series.id));
  console.log(`Posting one more match (${one.out.mode}): ${one.ms.toFixed(1)} ms${one.cpu}`);

  const same = await measured((trx) => recomputeRatings(trx, series.id));
  console.log(
    `Recompute of the rated series when nothing changed (load, replay, compare): ${seconds(same.ms)}${same.cpu}`,
  );

  // A match reported late, dated in the middle of the season: everything after it is replayed and rewritten.
  await insertImportedMatches(db, [
    matchWithoutLog({
      series_id: series.id,
      type: 'competitive',
      map: 'carentan',
      date: new Date(start + (MATCHES / 2) * 60_000 + 30_000),
      result: '5-0',
      winner_tag: `B${last}`,
      loser_tag: 'B0',
      winner_team_id: teamIds[last]!,
      loser_team_id: teamIds[0]!,
      calculation_status: 'queued',
    }),
  ]);
  const back = await measured((trx) => rateQueued(trx, series.id));
  console.log(
    `Posting a backdated match at the midpoint (${back.out.mode} replay, rewrites what changed): ${seconds(back.ms)}${back.cpu}`,
  );
} finally {
  if (url) {
    // Deleting the series cascades to its matches and their rating history (indexed by match: migration 0004).
    const clean = await measured(async (trx) => {
      await trx.deleteFrom('series').where('tag', '=', run).execute();
      await trx.deleteFrom('teams').where('tag', 'like', `${run}-%`).execute();
    });
    console.log(
      `Clean-up (the benchmark's series, matches, history and teams deleted): ${seconds(clean.ms)}${clean.cpu}`,
    );
  }
  await handle.close();
}
