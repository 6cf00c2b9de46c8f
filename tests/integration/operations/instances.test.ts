import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '#lib/server/db/connect.ts';
import { seedDemo } from '#lib/server/services/demo/seed.ts';
import { ratingQueueIdle } from '#lib/server/services/rating-queue.ts';
import { processQueuedMatches, recomputeSeries, refreshDerived } from '#lib/server/services/ratings/process.ts';
import { createPostgresDatabase } from '#tests/helpers/database.ts';
import { startChildServer } from '#tests/helpers/child-server.ts';
import { cookieValue, setCookies } from '#tests/integration/auth/helpers.ts';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An instance with the read cache on for a minute: only a change notice can drop its answers. */
const startInstance = (url: string) => startChildServer({ DATABASE_URL: url, READ_CACHE_SECONDS: '60' });

// Several instances only make sense on PostgreSQL (PGlite allows one process per data folder).
describe.runIf(process.env['TEST_DATABASE_URL'])('two instances on one PostgreSQL database', () => {
  let database: { url: string; drop: () => Promise<void> };
  let handle: DatabaseHandle;
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    database = await createPostgresDatabase({ migrated: true });
    handle = await connectDatabase({ databaseUrl: database.url, poolSize: 4 });
    await seedDemo(handle.db, { seed: 5, teams: 4, matches: 14 });
    await ratingQueueIdle(handle.db);
  }, 300_000);
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await handle.close();
    await database.drop();
  });

  it('a match approved through one instance shows through the other before its cache would expire, rated once', async () => {
    const [a, b] = await Promise.all([startInstance(database.url), startInstance(database.url)]);
    children.push(a!.child, b!.child);
    const pending = await handle.db
      .selectFrom('matches')
      .innerJoin('series', 'series.id', 'matches.series_id')
      .select(['matches.id', 'series.tag'])
      .where('calculation_status', '=', 'pending')
      .executeTakeFirstOrThrow();
    const address = `/v3/series/${pending.tag}/matches/${pending.id}`;
    const statusOn = async (base: string) =>
      ((await (await fetch(`${base}${address}`)).json()) as { calculation_status: string }).calculation_status;
    expect(await statusOn(b!.base)).toBe('pending'); // now cached by B for a minute

    const demo = await fetch(`${a!.base}/v2/auth/demo?as=admin&redirect_uri=%2F`, { redirect: 'manual' });
    const session = cookieValue(setCookies(demo)['hss_session']);
    const page = await fetch(`${a!.base}/privacy-policy`, { headers: { cookie: `hss_session=${session}` } });
    const csrf = cookieValue(setCookies(page)['csrf_token']) ?? '';
    const approved = await fetch(`${a!.base}${address}`, {
      method: 'POST',
      headers: {
        cookie: `hss_session=${session}; csrf_token=${csrf}`,
        'x-csrf-token': csrf,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ action: 'approve' }),
    });
    expect(approved.status).toBe(200);
    const started = performance.now();
    let seen = 'pending';
    // B would keep its cached answer for a minute: seeing the change well before that proves the notification
    // reached it, while leaving a loaded machine seconds to spare.
    while (seen === 'pending' && performance.now() - started < 30_000) {
      await wait(50);
      seen = await statusOn(b!.base);
    }
    const elapsed = performance.now() - started;
    expect(seen).not.toBe('pending');
    expect(elapsed).toBeLessThan(30_000);
    for (let i = 0; i < 300 && seen !== 'posted'; i++) {
      await wait(100);
      seen = await statusOn(b!.base);
    }
    expect(seen).toBe('posted');
    const history = await handle.db
      .selectFrom('rating_history')
      .select('team_id')
      .where('match_id', '=', pending.id)
      .execute();
    expect(history).toHaveLength(2);
  }, 300_000);

  // Each rating pass locks its series row (repositories/ratings.ts): the second instance waits, then finds nothing queued.
  it('two instances rating the same queue at once post each match once, as a full recompute would', async () => {
    const other = await connectDatabase({ databaseUrl: database.url, poolSize: 4, migrate: false });
    try {
      const queued = await handle.db
        .updateTable('matches')
        .set({ calculation_status: 'queued' })
        .where('calculation_status', '=', 'pending')
        .returning(['id', 'series_id'])
        .execute();
      expect(queued.length).toBeGreaterThan(0);
      await Promise.all([processQueuedMatches(handle.db), processQueuedMatches(other.db)]);
      for (const match of queued) {
        const rows = await handle.db
          .selectFrom('rating_history')
          .select('id')
          .where('match_id', '=', match.id)
          .execute();
        expect(rows, `match ${match.id}`).toHaveLength(2);
      }
      const ratings = () =>
        handle.db.selectFrom('team_ratings').selectAll().orderBy('series_id').orderBy('team_id').execute();
      const incremental = await ratings();
      await recomputeSeries(handle.db, queued[0]!.series_id);
      expect(await ratings()).toEqual(incremental);
    } finally {
      await other.close();
    }
  }, 300_000);

  it('two instances refreshing the derived data of one series at once both succeed, one after the other', async () => {
    const other = await connectDatabase({ databaseUrl: database.url, poolSize: 4, migrate: false });
    try {
      const [series] = await handle.db.selectFrom('series').select('id').orderBy('id').limit(1).execute();
      // Before the series lock both rewrote the same skills and one failed on player_skills' key.
      for (let round = 0; round < 5; round++) {
        const outcomes = await Promise.allSettled([
          refreshDerived(handle.db, series!.id, ['competitive', 'event']),
          refreshDerived(other.db, series!.id, ['competitive', 'event']),
        ]);
        expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
      }
    } finally {
      await other.close();
    }
  }, 300_000);
});
