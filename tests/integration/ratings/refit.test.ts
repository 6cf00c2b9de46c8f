import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, createTestDatabase } from '#tests/helpers/database.ts';
import type { DatabaseHandle } from '#lib/server/db/connect.ts';
import { AUTO_FIT, DEFAULT_MODEL, simulateSeason } from '#lib/domain/rating/index.ts';
import { notifyQueued, ratingQueueIdle } from '#lib/server/services/rating-queue.ts';
import { recomputeSeries } from '#lib/server/services/ratings/process.ts';
import { fitSeries } from '#lib/server/services/ratings/refit.ts';
import { cliActor } from '#lib/server/auth/actor.ts';
import { importResults } from '#lib/server/services/import/results.ts';
import { createSeries } from '#lib/server/services/series.ts';
import { insertMatch, ratingSnapshot, seedSeries } from './fixtures.ts';

describe.each(engines)('automatic refits of the rating model on %s', (engine) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase(engine);
  });
  afterAll(() => handle.close());

  it('refits every 50 newly rated matches from 100 on, records each fit, and still equals a full recompute', async () => {
    const db = handle.db;
    const season = simulateSeason({ teams: 8, matches: 220, days: 120, drift: 1, seed: 5 });
    const { seriesId, teamIds } = await seedSeries(db, 'FIT', 8);
    const keys = [...new Set(season.matches.flatMap((m) => [m.winner, m.loser]))];
    const team = new Map(keys.map((k, i) => [k, i]));
    // Rated in batches of 20 as a queue would: the refit checks run after each pass.
    for (let start = 0; start < season.matches.length; start += 20) {
      for (const m of season.matches.slice(start, start + 20)) {
        await insertMatch(db, seriesId, {
          winner: teamIds[team.get(m.winner)!]!,
          loser: teamIds[team.get(m.loser)!]!,
          result: m.result,
          date: new Date(m.date).toISOString(),
        });
      }
      notifyQueued(db);
      await ratingQueueIdle(db);
    }
    const fits = await db
      .selectFrom('series_rating_fits')
      .selectAll()
      .where('series_id', '=', seriesId)
      .orderBy('id')
      .execute();
    expect(fits.map((f) => f.rated_matches)).toEqual([100, 160, 220]);
    expect(fits.every((f) => f.trigger === 'auto' && f.train_matches + f.held_out_matches === f.rated_matches)).toBe(
      true,
    );
    expect(fits.every((f) => f.adopted === f.candidate_log_lik > f.previous_log_lik)).toBe(true);
    const audit = await db
      .selectFrom('audit_log')
      .select(['action', 'actor_label'])
      .where('entity_type', '=', 'series')
      .where('entity_id', '=', String(seriesId))
      .execute();
    expect(audit).toHaveLength(3);
    expect(audit.every((a) => a.actor_label === 'system' && a.action.startsWith('series.rating_model.'))).toBe(true);
    const series = await db.selectFrom('series').selectAll().where('id', '=', seriesId).executeTakeFirstOrThrow();
    const adopted = fits.filter((f) => f.adopted).at(-1);
    if (adopted) expect(series.rating_beta).toBe((adopted.candidate as { beta: number }).beta);
    else expect(series.rating_beta).toBe(DEFAULT_MODEL.env.beta);

    // Whatever was adopted along the way, the stored numbers are the ones a replay with the final parameters gives.
    const incremental = await ratingSnapshot(db, seriesId);
    await recomputeSeries(db, seriesId);
    expect(await ratingSnapshot(db, seriesId)).toEqual(incremental);

    // An operator's refit runs at once and is recorded as such.
    const manual = await fitSeries(db, 'FIT');
    expect(manual).toMatchObject({ matches: 220, held_out: Math.round(220 * AUTO_FIT.heldOut) });
    const last = await db
      .selectFrom('series_rating_fits')
      .select(['trigger', 'adopted'])
      .where('series_id', '=', seriesId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(last).toEqual({ trigger: 'cli', adopted: manual!.adopted });
  }, 120_000);

  it('refits a series rated in bulk (a results import, like the demo seed) as the rating worker would', async () => {
    // Both bulk loaders rate with one full recompute and never pass through the worker: the demo's 600-match
    // series showed 'No refit yet'. 120 imported matches are past the first refit's 100.
    const db = handle.db;
    const season = simulateSeason({ teams: 8, matches: 120, days: 60, drift: 1, seed: 9 });
    await createSeries(db, { tag: 'BULK', name: 'Bulk', current: false });
    const csv = [
      'date,winner,loser,result,type,map',
      ...season.matches.map(
        (m) => `${new Date(m.date).toISOString()},${m.winner},${m.loser},${m.result},competitive,Foy`,
      ),
    ].join('\n');
    const summary = await importResults(db, cliActor, { seriesTag: 'BULK', csvText: csv });
    expect(summary.imported).toBe(120);
    const seriesId = (await db.selectFrom('series').select('id').where('tag', '=', 'BULK').executeTakeFirstOrThrow())
      .id;
    const fits = await db
      .selectFrom('series_rating_fits')
      .select(['trigger', 'rated_matches'])
      .where('series_id', '=', seriesId)
      .execute();
    expect(fits).toEqual([{ trigger: 'auto', rated_matches: 120 }]);
    // Adopted or not, the stored numbers are a full recompute's.
    const stored = await ratingSnapshot(db, seriesId);
    await recomputeSeries(db, seriesId);
    expect(await ratingSnapshot(db, seriesId)).toEqual(stored);
  }, 120_000);
});
