import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, createTestDatabase } from '#tests/helpers/database.ts';
import type { DatabaseHandle } from '#lib/server/db/connect.ts';
import { createSeries } from '#lib/server/services/series.ts';
import { createTeam } from '#lib/server/services/teams-write.ts';
import { cliActor } from '#lib/server/auth/actor.ts';
import { notifyQueued, ratingQueueIdle } from '#lib/server/services/rating-queue.ts';
import { cachedPublicRead } from '#lib/server/http/caches/read-cache.ts';
import { insertMatch } from '#tests/integration/auth/helpers.ts';

// The read cache reads READ_CACHE_SECONDS once per process (per test file): keep answers long enough to matter.
process.env['READ_CACHE_SECONDS'] = '60';

describe.each(engines)('the rating worker and the public read cache on %s', (engine) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase(engine);
  });
  afterAll(() => handle.close());

  it('drops cached public answers once a rating pass has posted matches', async () => {
    const db = handle.db;
    await createSeries(db, { tag: 'S1', name: 'Season 1', current: true });
    const alpha = await createTeam(db, cliActor, { tag: 'ALPHA', name: 'Alpha', seriesTag: 'S1' });
    const bravo = await createTeam(db, cliActor, { tag: 'BRAVO', name: 'Bravo', seriesTag: 'S1' });
    const series = await db.selectFrom('series').select('id').executeTakeFirstOrThrow();
    const id = await insertMatch(db, {
      seriesId: series.id,
      winner: alpha,
      loser: bravo,
      submittedBy: alpha.id,
      status: 'queued',
    });
    const statusNow = async () => ({
      body: (await db.selectFrom('matches').select('calculation_status').where('id', '=', id).executeTakeFirstOrThrow())
        .calculation_status,
    });

    expect((await cachedPublicRead(db, '/status', statusNow)).payload).toBe('"queued"');
    notifyQueued(db);
    await ratingQueueIdle(db);
    expect((await statusNow()).body).toBe('posted');
    expect((await cachedPublicRead(db, '/status', statusNow)).payload).toBe('"posted"');
  });
});
