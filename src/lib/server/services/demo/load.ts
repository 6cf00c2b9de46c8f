/**
 * Writes the demo community's reported matches in bulk: what reporting each match with one team's API key and
 * deciding it with the other's would store (generate.ts lays the rows out), loaded a chunk at a time by binary COPY
 * in one transaction; without per-row triggers when the database user may (the foreign keys are checked once at the
 * end, and the matches queued as the insert trigger queues them). Logs are written and parsed on worker threads
 * while the chunks before are loaded, so the database and the workers are busy at once (`npm run bench:seed` shows
 * where the time goes).
 * tests/integration/ratings/demo-load.test.ts holds it equal to reporting through the services.
 */
import os from 'node:os';
import type { DB } from '#lib/server/db/index.ts';
import { conflict } from '#lib/server/core/errors.ts';
import { messages } from '#lib/server/core/messages.ts';
import {
  finishUncheckedLoad,
  loadDemoRows,
  queueLoadedMatches,
  reserveIds,
  startUncheckedLoad,
  upsertSeenPlayers,
} from '#lib/server/repositories/demo-load.ts';
import { SAME_GAME_WINDOW_MS } from '#lib/server/services/ingestion/same-game.ts';
import type { ProgressStep } from '#lib/server/progress.ts';
import { WorkerPool } from '#lib/server/workers/pool.ts';
import {
  generateDemoChunk,
  isDecided,
  SeenPlayers,
  type DemoChunk,
  type DemoChunkRequest,
  type DemoGame,
  type DemoIds,
} from './generate.ts';
import type { DemoOptions, DemoPlan } from './plan.ts';

/** Matches per task and per load: small enough to keep the workers and the database busy side by side. */
const CHUNK_MATCHES = 50;
/** Below this many matches the logs are written on this thread: starting workers would cost more. */
const WORKERS_FROM_MATCHES = 200;

export interface LoadTimes {
  /** Seconds this thread waited for a chunk's rows (the workers were behind the database). */
  waitedForRows: number;
  /** Seconds spent loading the rows. */
  loading: number;
  /** Bytes of logs written. */
  logBytes: number;
  workers: number;
}

/** Refuses a game stored twice, as a report of it through the services would be refused (ingestion/report.ts). */
class StoredGames {
  private readonly bySha = new Map<string, number>();
  private readonly byKey = new Map<string, number>();
  private readonly byTeams = new Map<string, DemoGame[]>();
  add(game: DemoGame): void {
    const pair = game.tags
      .map((t) => t.toLowerCase())
      .sort()
      .join('\n');
    const near = (this.byTeams.get(pair) ?? []).find(
      (g) => g.map === game.map && Math.abs(g.date.getTime() - game.date.getTime()) <= SAME_GAME_WINDOW_MS,
    );
    const earlier =
      this.bySha.get(game.sha256) ??
      (game.gameKey === null ? undefined : this.byKey.get(game.gameKey)) ??
      near?.matchId;
    if (earlier !== undefined) throw conflict(messages.reportSameGame(earlier));
    this.bySha.set(game.sha256, game.matchId);
    if (game.gameKey !== null) this.byKey.set(game.gameKey, game.matchId);
    this.byTeams.set(pair, [...(this.byTeams.get(pair) ?? []), game]);
  }
}

/** The tasks of the plan's matches, in plan order, with the ids each chunk's rows take. */
function chunkRequests(
  plan: DemoPlan,
  options: DemoOptions & { anchor: Date },
  ids: Omit<DemoIds, 'matches' | 'uploads' | 'audit'>,
  reserved: { matches: number[]; uploads: number[]; audit: number[] },
  decidedAt: Date,
): DemoChunkRequest[] {
  const requests: DemoChunkRequest[] = [];
  let audit = 0;
  for (let from = 0; from < plan.matches.length; from += CHUNK_MATCHES) {
    const to = Math.min(from + CHUNK_MATCHES, plan.matches.length);
    const entries = plan.matches.slice(from, to).reduce((n, m) => n + (isDecided(m) ? 2 : 1), 0);
    requests.push({
      options,
      from,
      to,
      decidedAt,
      ids: {
        ...ids,
        matches: reserved.matches.slice(from, to),
        uploads: reserved.uploads.slice(from, to),
        audit: reserved.audit.slice(audit, audit + entries),
      },
    });
    audit += entries;
  }
  return requests;
}

/**
 * Stores every planned match as reported and decided (see the module comment) into the series, teams and
 * tournaments of `ids` (by plan index); `step` counts the matches stored. All or nothing. Returns where the time
 * went.
 */
export async function loadDemoMatches(
  db: DB,
  plan: DemoPlan,
  options: DemoOptions & { anchor: Date },
  ids: Omit<DemoIds, 'matches' | 'uploads' | 'audit'>,
  step: ProgressStep,
  /** Worker threads writing the logs (0: this thread); default: two, none for a small community. */
  workerCount?: number,
): Promise<LoadTimes> {
  const entries = plan.matches.reduce((n, m) => n + (isDecided(m) ? 2 : 1), 0);
  const reserved = {
    matches: await reserveIds(db, 'matches', plan.matches.length),
    uploads: await reserveIds(db, 'log_uploads', plan.matches.length),
    audit: await reserveIds(db, 'audit_log', entries),
  };
  const requests = chunkRequests(plan, options, ids, reserved, new Date());
  // Workers write and parse the logs (all the CPU work) while this thread loads the chunks before.
  const workers =
    workerCount ?? (plan.matches.length < WORKERS_FROM_MATCHES ? 0 : Math.min(2, os.availableParallelism()));
  const pool =
    workers === 0
      ? undefined
      : new WorkerPool<DemoChunkRequest, DemoChunk>({
          entry: 'src/lib/server/services/demo/generate-worker.ts',
          size: workers,
          maxQueued: requests.length,
          timeoutMs: 300_000,
        });
  const times: LoadTimes = { waitedForRows: 0, loading: 0, logBytes: 0, workers };
  try {
    const chunks = pool ? requests.map((r) => pool.run(r)) : [];
    // Unheard until their turn: a failed chunk must not be an unhandled rejection meanwhile.
    for (const chunk of chunks) chunk.catch(() => {});
    const games = new StoredGames();
    const seen = new SeenPlayers();
    await db.transaction().execute(async (trx) => {
      const unchecked = await startUncheckedLoad(trx);
      for (const [i, request] of requests.entries()) {
        let at = performance.now();
        const chunk = pool ? await chunks[i]! : generateDemoChunk(plan, request);
        times.waitedForRows += (performance.now() - at) / 1000;
        for (const game of chunk.games) games.add(game);
        at = performance.now();
        // A chunk's lines need their players stored: those new to the load now, every player's final row and every
        // name once at the end (an upsert per chunk of every player seen cost seconds on PGlite).
        await upsertSeenPlayers(
          trx,
          chunk.players.filter((p) => !seen.players.has(p.steam_id)),
          [],
        );
        seen.addRun(chunk.players, chunk.aliases);
        await loadDemoRows(trx, chunk.data);
        if (unchecked) await queueLoadedMatches(trx, request.ids.matches);
        times.loading += (performance.now() - at) / 1000;
        times.logBytes += chunk.logBytes;
        step.advance(chunk.to - chunk.from);
      }
      const at = performance.now();
      await upsertSeenPlayers(trx, [...seen.players.values()], [...seen.aliases.values()]);
      if (unchecked) await finishUncheckedLoad(trx);
      times.loading += (performance.now() - at) / 1000;
    });
  } finally {
    await pool?.close();
  }
  return times;
}
