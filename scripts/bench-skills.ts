/**
 * `npm run bench:skills`: the player-side refreshes of a large series. BENCH_MATCHES posted competitive matches
 * (default 2,000, a large season) with BENCH_LINES player lines each (default 100, a full 50-vs-50 game) drawn from
 * BENCH_PLAYERS players (default 20,000), weapons and roles included, are inserted in bulk (not timed). Then it
 * times, each in one transaction as the rating worker runs them:
 * - the full refresh a recompute makes: every player skill, then every in-match percentile;
 * - the refresh after one more posted match (skills of its game type, the new match's percentiles, statistics),
 *   which the rating worker runs after every pass (coalesced under a stream of approvals).
 * Each line prints the wall time, PostgreSQL's CPU (when it runs on this machine), this process's CPU, the growth of
 * this process's peak RSS, and the longest stall of its event loop (what a request arriving meanwhile would wait).
 * BENCH_DATABASE_URL runs it on PostgreSQL (a scratch database: the benchmark's rows are deleted at the end);
 * in-memory PGlite otherwise.
 */
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'kysely';
import { connectDatabase } from '#lib/server/db/connect.ts';
import type { DB } from '#lib/server/db/index.ts';
import { insertImportedMatches, matchWithoutLog } from '#lib/server/repositories/imports.ts';
import { insertTeam } from '#lib/server/repositories/teams-write.ts';
import { createSeries } from '#lib/server/services/series.ts';
import { refreshDerived } from '#lib/server/services/ratings/process.ts';
import { GAME_TYPES, refreshPercentiles, refreshPlayerSkills } from '#lib/server/services/ratings/skills.ts';

const MATCHES = Number(process.env['BENCH_MATCHES'] ?? 2_000);
const LINES = Number(process.env['BENCH_LINES'] ?? 100);
const PLAYERS = Number(process.env['BENCH_PLAYERS'] ?? 20_000);
if (LINES > PLAYERS) throw new Error('BENCH_LINES must not exceed BENCH_PLAYERS: a match has distinct players');

const url = process.env['BENCH_DATABASE_URL'];
const seconds = (ms: number): string => (ms < 1000 ? `${ms.toFixed(0)} ms` : `${(ms / 1000).toFixed(2)} s`);

/**
 * CPU (ms) used so far by every PostgreSQL process on this machine (backends and background writers), read from
 * /proc; undefined on PGlite. The refresh after a posted match opens its own transaction, so no single backend is it.
 */
function postgresCpu(): number | undefined {
  if (!url) return undefined;
  let ticks = 0;
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.split(') ')[1]!.split(' ');
      // utime and stime are fields 14 and 15 of the whole line, in clock ticks (100 per second on Linux).
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended while being read.
    }
  }
  return (ticks / 100) * 1000;
}

/** Runs `work` and prints what it cost. */
async function timed<T>(label: string, work: () => Promise<T>, describe: (out: T) => string): Promise<T> {
  const peakBefore = process.resourceUsage().maxRSS / 1024;
  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  loopDelay.enable();
  const own = process.cpuUsage();
  const databaseBefore = postgresCpu();
  const start = performance.now();
  const out = await work();
  const ms = performance.now() - start;
  const databaseAfter = postgresCpu();
  const used = process.cpuUsage(own);
  const peakGrowth = process.resourceUsage().maxRSS / 1024 - peakBefore;
  loopDelay.disable();
  const database =
    databaseBefore === undefined || databaseAfter === undefined
      ? ''
      : `; PostgreSQL CPU ${seconds(databaseAfter - databaseBefore)}`;
  console.log(
    `${label} (${describe(out)}): ${seconds(ms)}${database}` +
      `; this process's CPU ${seconds((used.user + used.system) / 1000)}; peak RSS +${peakGrowth.toFixed(0)} MB` +
      `; longest event-loop stall ${seconds(loopDelay.max / 1e6)}`,
  );
  return out;
}

/**
 * Player lines for every match of the series without any, LINES per match from a window of the player pool that
 * moves with the match id (so players recur across matches), with deterministic rates, weapons and roles.
 */
async function insertLines(db: DB, seriesId: number, teams: readonly [number, number]): Promise<void> {
  const half = Math.floor(LINES / 2);
  // A cheap deterministic pseudo-random number in [0, 1) from a match, a line and a salt.
  const noise = (salt: number) => sql.raw(`((m.id * 7919 + g * 104729 + ${salt} * 15485863) % 1000) / 1000.0`);
  await sql`
    insert into player_match_stats (match_id, steam_id, team_id, side, name, playtime, kills, deaths, kpm, dpm, cpm, spm)
    select m.id, ${run} || ((m.id * 37 + g) % ${PLAYERS}), case when g < ${half} then ${teams[0]}::int else ${teams[1]}::int end,
      case when g < ${half} then 'Allies' else 'Axis' end, 'Player ' || ((m.id * 37 + g) % ${PLAYERS}),
      60 + 30 * ${noise(1)}, (20 * ${noise(2)})::int, (15 * ${noise(3)})::int,
      0.4 * ${noise(2)}, 0.25 * ${noise(3)}, 3 * ${noise(4)}, 8 * ${noise(5)}
    from matches m cross join generate_series(0, ${LINES - 1}) g
    where m.series_id = ${seriesId}
      and not exists (select 1 from player_match_stats s where s.match_id = m.id)`.execute(db);
  await sql`
    insert into player_match_details (match_id, steam_id, weapons, roles)
    select s.match_id, s.steam_id,
      jsonb_build_object('M1 GARAND', s.kills / 2, 'THOMPSON', s.kills - s.kills / 2, 'MK2 GRENADE', s.kills % 3),
      case when s.kills % 4 = 0 then '[{"role": "Rifleman", "at": 0}, {"role": "Medic", "at": 900}]'::jsonb
        else '[{"role": "Assault", "at": 0}]'::jsonb end
    from player_match_stats s join matches m on m.id = s.match_id
    where m.series_id = ${seriesId}
      and not exists (select 1 from player_match_details d where d.match_id = s.match_id and d.steam_id = s.steam_id)`.execute(
    db,
  );
}

const handle = await connectDatabase(url ? { databaseUrl: url } : { dataDir: 'memory://' });
const db = handle.db;
const run = `BS${Date.now().toString(36).toUpperCase()}`;
console.log(`Engine: ${handle.engine}${url ? '' : ' (in memory)'}`);
let seriesId: number | undefined;
try {
  await createSeries(db, { tag: run, name: 'Skills benchmark', current: false });
  const series = await db.selectFrom('series').select('id').where('tag', '=', run).executeTakeFirstOrThrow();
  seriesId = series.id;
  const teams = [
    (await insertTeam(db, { tag: `${run}-A`, name: 'Bench A' })).id,
    (await insertTeam(db, { tag: `${run}-B`, name: 'Bench B' })).id,
  ] as const;
  const t0 = performance.now();
  await sql`insert into players (steam_id, name, first_seen, last_seen)
    select ${run} || i, 'Player ' || i, now(), now() from generate_series(0, ${PLAYERS - 1}) i
    on conflict (steam_id) do nothing`.execute(db);
  const match = (i: number) =>
    matchWithoutLog({
      series_id: series.id,
      type: 'competitive',
      map: 'carentan',
      date: new Date(Date.UTC(2020, 0, 1) + i * 60_000),
      result: '4-1',
      winner_tag: `${run}-A`,
      loser_tag: `${run}-B`,
      winner_team_id: teams[0],
      loser_team_id: teams[1],
      calculation_status: 'posted',
    });
  await insertImportedMatches(
    db,
    Array.from({ length: MATCHES }, (_, i) => match(i)),
  );
  await insertLines(db, series.id, teams);
  // Statistics gathered once, while every line still lacks percentiles, as after a bulk import: the planner's worst
  // case for finding the lines that lack them.
  if (url) await sql`analyze player_match_stats, player_match_details, matches`.execute(db);
  console.log(
    `Inserted ${MATCHES} matches × ${LINES} lines (${MATCHES * LINES} lines, ${PLAYERS} players) in ` +
      `${seconds(performance.now() - t0)} (setup, not timed below).`,
  );

  await timed(
    'Full refresh: every player skill',
    () => db.transaction().execute((trx) => refreshPlayerSkills(trx, series.id, GAME_TYPES)),
    (n) => `${n} skill rows`,
  );
  await timed(
    'Full refresh: every in-match percentile',
    () => db.transaction().execute((trx) => refreshPercentiles(trx, series.id, 'all')),
    (n) => `${n} lines`,
  );

  await insertImportedMatches(db, [match(MATCHES)]);
  await insertLines(db, series.id, teams);
  await timed(
    'Refresh after one more posted match (skills, its percentiles, statistics)',
    () => refreshDerived(db, series.id, ['competitive']),
    (out) => `${out.skills} skill rows, ${out.percentiles} percentile lines`,
  );
} finally {
  if (url && seriesId !== undefined) {
    const start = performance.now();
    await db.deleteFrom('series').where('id', '=', seriesId).execute();
    await db.deleteFrom('teams').where('tag', 'like', `${run}-%`).execute();
    await db.deleteFrom('players').where('steam_id', 'like', `${run}%`).execute();
    console.log(`Clean-up (series, matches, lines and teams deleted): ${seconds(performance.now() - start)}`);
  }
  await handle.close();
}
