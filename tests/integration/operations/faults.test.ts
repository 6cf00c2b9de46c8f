import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedDataFolder } from '#tests/helpers/pglite-template.ts';
import { cliActor } from '#lib/server/auth/actor.ts';
import { connectDatabase, type DatabaseHandle } from '#lib/server/db/connect.ts';
import { parseMatch } from '#lib/domain/logs/index.ts';
import { reportMatch } from '#lib/server/services/ingestion/index.ts';
import { decideMatch } from '#lib/server/services/match-actions.ts';
import { processQueuedMatches, recomputeSeries } from '#lib/server/services/ratings/process.ts';
import { ratingQueueIdle } from '#lib/server/services/rating-queue.ts';
import { insertWebhook } from '#lib/server/repositories/webhooks.ts';
import { createPostgresDatabase, engines } from '#tests/helpers/database.ts';
import { startChildServer, type ChildServer } from '#tests/helpers/child-server.ts';
import { makeLog, seedTeams, seedUser } from '#tests/integration/ingestion/fixtures.ts';

const TAGS = ['FA', 'FB', 'FC', 'FD'];
const DAY = 86_400_000;
const FIRST = Date.parse('2026-02-01T18:00:00Z');
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/**
 * When the kill lands, from the requests' answers (a fixed delay lands anywhere on a loaded machine): while the
 * server reads and writes them, at the first answer, a little after all have answered (during the approvals'
 * rating pass, a replay for the backdated match), and the moment all have answered (the pass is starting). The
 * last round leaves matches queued with nothing to come back for them but the restart. PGlite starts slowly: that one.
 */
const MOMENTS: ((answers: Promise<void>[]) => Promise<unknown>)[] = [
  () => wait(20),
  (answers) => Promise.race(answers),
  (answers) => Promise.all(answers).then(() => wait(30)),
  (answers) => Promise.all(answers),
];
const PGLITE_MOMENTS = [3];

/** Match `n` between two of the teams, dated `day` days after FIRST, as the winner's CSV export. */
function matchLog(n: number, day: number) {
  const winner = TAGS[n % TAGS.length]!;
  const loser = TAGS[(n + 1 + (n % 3)) % TAGS.length]!;
  const log = makeLog('hlu-csv', { seed: 100 + n, start: new Date(FIRST + day * DAY).toISOString(), perSide: 6 });
  return { winner, loser, log, sha256: createHash('sha256').update(log).digest('hex') };
}

type Upload = ReturnType<typeof matchLog> & { answered: number | null };

/**
 * A fake Discord webhook. While `holding`, it reads each message and never answers (the server is killed while
 * posting it: a message Discord never acknowledged); else it answers 204 and records the body as delivered.
 */
function fakeDiscord() {
  const receiver = { holding: true, delivered: [] as string[], url: '', server: http.createServer() };
  receiver.server.on('request', (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (receiver.holding) return;
      receiver.delivered.push(Buffer.concat(chunks).toString());
      res.writeHead(204).end();
    });
  });
  return receiver;
}

/** Everything a full recompute rewrites, in a stable order. */
async function ratingState(db: DatabaseHandle['db']) {
  return {
    teams: await db.selectFrom('team_ratings').selectAll().orderBy('series_id').orderBy('team_id').execute(),
    history: await db
      .selectFrom('rating_history')
      .select(['team_id', 'match_id', 'date', 'mu', 'sigma', 'num_matches'])
      .orderBy('match_id')
      .orderBy('team_id')
      .execute(),
    skills: await db
      .selectFrom('player_skills')
      .select(['steam_id', 'game_type', 'matches', 'x_bar', 's', 'skill_vector'])
      .orderBy('steam_id')
      .orderBy('game_type')
      .execute(),
  };
}

describe.each(engines)('SIGKILL during uploads, approvals and rating replays on %s', (engine) => {
  let env: Record<string, string>;
  let open: () => Promise<DatabaseHandle>;
  let cleanup: () => Promise<void>;
  let keys: Record<string, { id: number; key: string }>;
  let admin: Record<string, string>;
  const fresh: number[] = []; // pending, dated after every posted match: approving rates incrementally
  const backdated: number[] = []; // pending, dated between posted matches: approving replays the series
  const running: ChildServer[] = [];
  const discord = fakeDiscord();

  beforeAll(async () => {
    await new Promise<void>((resolve) => discord.server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(discord.server.address() as AddressInfo).port}/api/webhooks`;
    discord.url = `${base}/1234567890/token`;
    if (engine === 'pglite') {
      const dir = migratedDataFolder('hss-faults-');
      env = { DATA_DIR: dir, DATABASE_URL: '' };
      open = () => connectDatabase({ dataDir: dir });
      cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
    } else {
      const database = await createPostgresDatabase({ migrated: true });
      env = { DATABASE_URL: database.url };
      open = () => connectDatabase({ databaseUrl: database.url, poolSize: 2 });
      cleanup = database.drop;
    }
    // Retried soon after a server's post was cut by the kill; never given up on within the test.
    Object.assign(env, {
      DISCORD_WEBHOOK_URL: base,
      WEBHOOK_POLL_SECONDS: '0.2',
      WEBHOOK_RETRY_BASE_MS: '50',
      WEBHOOK_MAX_ATTEMPTS: '100',
    });
    // PGlite allows one process per data folder: arrange, close, then let the servers open it.
    const handle = await open();
    try {
      keys = await seedTeams(handle.db, TAGS);
      admin = (await seedUser(handle.db, '1900', ['ADMIN'])).headers;
      const report = async (n: number, day: number) => {
        const m = matchLog(n, day);
        const actor = { kind: 'team-key', teamId: keys[m.winner]!.id, teamTag: m.winner } as const;
        const data = { teams: [m.winner, m.loser], kind: 'competitive' };
        const file = { name: `m${n}.csv`, content: m.log };
        return { ...m, id: (await reportMatch(handle.db, actor, { data, file, backdated: true })).match_id };
      };
      for (let n = 0; n < 4; n++) {
        const m = await report(n, 2 * n);
        await decideMatch(handle.db, cliActor, 'S1', String(m.id), 'approve');
      }
      for (let r = 0; r < MOMENTS.length; r++) {
        fresh.push((await report(20 + r, 40 + r)).id);
        backdated.push((await report(30 + r, 1 + 2 * (r % 3))).id);
      }
      await processQueuedMatches(handle.db);
      await ratingQueueIdle(handle.db);
      // From here on, each rating pass enqueues its announcements in its own transaction.
      const s1 = await handle.db.selectFrom('series').select('id').where('tag', '=', 'S1').executeTakeFirstOrThrow();
      const values = { series_id: s1.id, url: discord.url, discord_id: '1234567890', hint: 'toke' };
      await insertWebhook(handle.db, { ...values, created_by_user_id: null });
    } finally {
      await handle.close();
    }
  }, 300_000);
  afterAll(async () => {
    for (const server of running) server.child.kill('SIGKILL');
    await Promise.all(running.map((s) => s.exited));
    discord.server.closeAllConnections();
    await new Promise((resolve) => discord.server.close(resolve));
    await cleanup();
  });

  it('leaves each report whole or absent, ratings equal to a full recompute and each announcement delivered once after every kill', async () => {
    const uploads: Upload[] = [];
    const approvals: { id: number; answered: number | null }[] = [];
    const rounds = engine === 'pglite' ? PGLITE_MOMENTS : MOMENTS.map((_, i) => i);
    for (const round of rounds) {
      const server = await startChildServer(env);
      running.push(server);
      const sent = [matchLog(40 + 2 * round, 60 + round), matchLog(41 + 2 * round, 70 + round)].map((m) => {
        const upload: Upload = { ...m, answered: null };
        uploads.push(upload);
        const form = new FormData();
        form.set('data', JSON.stringify({ teams: [m.winner, m.loser], kind: 'competitive' }));
        form.set('file', new Blob([m.log], { type: 'text/csv' }), 'export.csv');
        form.set('backdated', 'true');
        const headers = { authorization: `Bearer ${keys[m.winner]!.key}` };
        return fetch(`${server.base}/v2/matches/serverlog`, { method: 'POST', body: form, headers }).then(
          (r) => void (upload.answered = r.status),
          () => {},
        );
      });
      for (const id of [fresh[round]!, backdated[round]!]) {
        const approval = { id, answered: null as number | null };
        approvals.push(approval);
        const init = {
          method: 'POST',
          headers: { ...admin, 'content-type': 'application/json' },
          body: JSON.stringify({ action: 'approve' }),
        };
        sent.push(
          fetch(`${server.base}/v3/series/S1/matches/${id}`, init).then(
            (r) => void (approval.answered = r.status),
            () => {},
          ),
        );
      }
      // Past 30 s the server is stuck rather than slow: kill it anyway, the invariants hold all the same.
      await Promise.race([MOMENTS[round]!(sent), wait(30_000)]);
      server.child.kill('SIGKILL');
      await server.exited;
      await Promise.all(sent);
    }

    // A restart rates whatever the killed processes left queued, by itself, and posts every announcement left
    // undelivered: also those a killed server was posting (their claims die with it).
    discord.holding = false;
    const last = await startChildServer(env);
    running.push(last);
    const statusOf = async (id: number) =>
      ((await (await fetch(`${last.base}/v3/series/S1/matches/${id}`)).json()) as { calculation_status: string })
        .calculation_status;
    for (let i = 0; i < 600; i++) {
      const statuses = await Promise.all(approvals.map((a) => statusOf(a.id)));
      if (!statuses.includes('queued')) break;
      await wait(100);
    }
    const undelivered = async () => {
      const response = await fetch(`${last.base}/v3/series/S1/webhooks`, { headers: admin });
      return ((await response.json()) as { pending: number }[]).reduce((sum, w) => sum + w.pending, 0);
    };
    for (let i = 0; i < 600 && (await undelivered()) > 0; i++) await wait(100);
    last.child.kill('SIGTERM');
    await last.exited;

    const handle = await open();
    try {
      const { db } = handle;
      for (const upload of uploads) {
        const stored = await db
          .selectFrom('log_uploads')
          .select(['id', 'content'])
          .where('sha256', '=', upload.sha256)
          .executeTakeFirst();
        if (upload.answered === 201) expect(stored, `upload answered 201 (${upload.sha256})`).toBeDefined();
        if (!stored) continue;
        expect(Buffer.from(stored.content).toString()).toBe(upload.log);
        const matches = await db.selectFrom('matches').select('id').where('log_upload_id', '=', stored.id).execute();
        expect(matches).toHaveLength(1);
        const players = await db
          .selectFrom('player_match_stats')
          .select('steam_id')
          .where('match_id', '=', matches[0]!.id)
          .execute();
        expect(players).toHaveLength(Object.keys(parseMatch(upload.log).players).length);
        const audit = await db
          .selectFrom('audit_log')
          .select('id')
          .where('action', '=', 'match.report')
          .where('entity_id', '=', String(matches[0]!.id))
          .execute();
        expect(audit).toHaveLength(1);
      }
      for (const approval of approvals) {
        const match = await db
          .selectFrom('matches')
          .select('calculation_status')
          .where('id', '=', approval.id)
          .executeTakeFirstOrThrow();
        expect(match.calculation_status, `match ${approval.id}`).toMatch(/^(pending|posted)$/);
        if (approval.answered === 200) expect(match.calculation_status).toBe('posted');
      }
      const perMatch = await db
        .selectFrom('matches')
        .leftJoin('rating_history', 'rating_history.match_id', 'matches.id')
        .select(['matches.id', 'matches.calculation_status', (eb) => eb.fn.count('rating_history.id').as('points')])
        .groupBy(['matches.id', 'matches.calculation_status'])
        .execute();
      for (const m of perMatch)
        expect(Number(m.points), `match ${m.id}`).toBe(m.calculation_status === 'posted' ? 2 : 0);
      // Announcements: one per committed rating pass's event (a pass cut by a kill left none), each delivered once.
      const outbox = await db.selectFrom('webhook_outbox').select(['status', 'payload']).execute();
      expect(outbox.length).toBeGreaterThan(0);
      expect(outbox.map((m) => m.status)).toEqual(outbox.map(() => 'delivered'));
      expect([...discord.delivered].sort()).toEqual(outbox.map((m) => JSON.stringify(m.payload)).sort());
      const series = await db.selectFrom('series').select('id').where('tag', '=', 'S1').executeTakeFirstOrThrow();
      const before = await ratingState(db);
      await recomputeSeries(db, series.id);
      expect(await ratingState(db)).toEqual(before);
    } finally {
      await handle.close();
    }
  }, 300_000);
});
