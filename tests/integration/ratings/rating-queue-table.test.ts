import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, createTestDatabase } from '#tests/helpers/database.ts';
import type { DatabaseHandle } from '#lib/server/db/connect.ts';
import type { DB } from '#lib/server/db/index.ts';
import { seriesWithQueuedMatches } from '#lib/server/repositories/ratings.ts';
import { rateQueued, recomputeRatings } from '#lib/server/services/ratings/rate.ts';
import { insertMatch, seedSeries } from './fixtures.ts';

// Migration 0018: the rating worker and a rating pass find queued matches through rating_queue, kept by triggers on
// matches, instead of scanning matches. A writer that queues a match without an entry would leave it unrated.
describe.each(engines)('rating_queue on %s', (engine) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase(engine);
  });
  afterAll(() => handle.close());

  const entries = (db: DB, seriesId: number) =>
    db
      .selectFrom('rating_queue')
      .select('match_id')
      .where('series_id', '=', seriesId)
      .orderBy('match_id')
      .execute()
      .then((rows) => rows.map((r) => r.match_id));
  const status = async (db: DB, id: number) =>
    (await db.selectFrom('matches').select('calculation_status').where('id', '=', id).executeTakeFirstOrThrow())
      .calculation_status;

  it('lists a match queued by insert or by update, and the pass that posts it clears its entry', async () => {
    const db = handle.db;
    const { seriesId, teamIds } = await seedSeries(db, 'RQ1', 2);
    const [a, b] = teamIds as [number, number];
    const pending = await insertMatch(db, seriesId, {
      winner: a,
      loser: b,
      date: '2026-03-01T20:00:00Z',
      status: 'pending',
    });
    expect(await seriesWithQueuedMatches(db)).not.toContain(seriesId);
    const queued = await insertMatch(db, seriesId, { winner: b, loser: a, date: '2026-03-02T20:00:00Z' });
    const friendly = await insertMatch(db, seriesId, {
      winner: a,
      loser: b,
      date: '2026-03-03T20:00:00Z',
      type: 'friendly',
    });
    await db.updateTable('matches').set({ calculation_status: 'queued' }).where('id', '=', pending).execute();
    expect(await seriesWithQueuedMatches(db)).toContain(seriesId);
    expect(await entries(db, seriesId)).toEqual([pending, queued, friendly]);

    const pass = await db.transaction().execute((trx) => rateQueued(trx, seriesId));
    expect(pass).toMatchObject({ mode: 'incremental', posted: 2, rated: 2 });
    expect([await status(db, pending), await status(db, queued), await status(db, friendly)]).toEqual([
      'posted',
      'posted',
      'skipped',
    ]);
    expect(await entries(db, seriesId)).toEqual([]);
    expect(await seriesWithQueuedMatches(db)).not.toContain(seriesId);

    // Re-queued (an admin's edit): listed again, and re-rated by a full replay (it is older than the newest rated match).
    await db.updateTable('matches').set({ calculation_status: 'queued' }).where('id', '=', pending).execute();
    expect(await entries(db, seriesId)).toEqual([pending]);
    expect(await db.transaction().execute((trx) => rateQueued(trx, seriesId))).toMatchObject({ mode: 'full' });
    expect(await entries(db, seriesId)).toEqual([]);
  });

  it('drops the entries of queued matches that were deleted or moved to another series', async () => {
    const db = handle.db;
    const { seriesId, teamIds } = await seedSeries(db, 'RQ2', 2);
    const other = await seedSeries(db, 'RQ3', 0);
    const [a, b] = teamIds as [number, number];
    const gone = await insertMatch(db, seriesId, { winner: a, loser: b, date: '2026-03-01T20:00:00Z' });
    const moved = await insertMatch(db, seriesId, { winner: a, loser: b, date: '2026-03-02T20:00:00Z' });
    await db.deleteFrom('matches').where('id', '=', gone).execute();
    await db.updateTable('matches').set({ series_id: other.seriesId }).where('id', '=', moved).execute();
    expect(await seriesWithQueuedMatches(db)).toEqual(expect.arrayContaining([seriesId, other.seriesId]));

    expect(await db.transaction().execute((trx) => rateQueued(trx, seriesId))).toMatchObject({ mode: 'none' });
    expect(await entries(db, seriesId)).toEqual([]);
    expect(await entries(db, other.seriesId)).toEqual([moved]);
    // A full recompute posts the queued matches too, and clears their entries.
    expect(await db.transaction().execute((trx) => recomputeRatings(trx, other.seriesId))).toMatchObject({ posted: 1 });
    expect(await entries(db, other.seriesId)).toEqual([]);
    expect(await status(db, moved)).toBe('posted');
  });

  it('a full recompute skips the queued friendlies of the series only, and clears their entries', async () => {
    const db = handle.db;
    const { seriesId, teamIds } = await seedSeries(db, 'RQ4', 2);
    const other = await seedSeries(db, 'RQ5', 2);
    const [a, b] = teamIds as [number, number];
    const friendly = { winner: a, loser: b, date: '2026-03-04T20:00:00Z', type: 'friendly' as const };
    const mine = await insertMatch(db, seriesId, friendly);
    const rated = await insertMatch(db, seriesId, { winner: b, loser: a, date: '2026-03-05T20:00:00Z' });
    const theirs = await insertMatch(db, other.seriesId, {
      ...friendly,
      winner: other.teamIds[0]!,
      loser: other.teamIds[1]!,
    });

    expect(await db.transaction().execute((trx) => recomputeRatings(trx, seriesId))).toMatchObject({ posted: 1 });
    expect([await status(db, mine), await status(db, rated), await status(db, theirs)]).toEqual([
      'skipped',
      'posted',
      'queued',
    ]);
    expect(await entries(db, seriesId)).toEqual([]);
    expect(await entries(db, other.seriesId)).toEqual([theirs]);
  });
});
