import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, createTestDatabase } from '#tests/helpers/database.ts';
import type { DatabaseHandle } from '#lib/server/db/connect.ts';
import type { DB } from '#lib/server/db/index.ts';
import { seriesStatisticsSchema } from '#lib/schemas/statistics.ts';
import {
  notifyQueued,
  ratingQueueIdle,
  resumeRatingWork,
  withRatingQueuePaused,
} from '#lib/server/services/rating-queue.ts';
import { rateQueued } from '#lib/server/services/ratings/rate.ts';
import { setDerivedStale, setRatingsStale } from '#lib/server/repositories/ratings.ts';
import { deleteMatchRow } from '#lib/server/repositories/match-admin.ts';
import { deleteMatch } from '#lib/server/services/match-actions.ts';
import { cliActor } from '#lib/server/auth/actor.ts';
import { recomputeSeries } from '#lib/server/services/ratings/process.ts';
import { insertMatch, insertPlayerLine, seedSeries } from './fixtures.ts';

const RATES = {
  A: { kpm: 1, dpm: 1, spm: 1, cpm: 1, side: 'Allies' as const },
  B: { kpm: 3, dpm: 3, spm: 1, cpm: 2, side: 'Allies' as const },
  C: { kpm: 2, dpm: 2, spm: 1, cpm: 1.5, side: 'Axis' as const },
};

async function addLines(db: DB, matchId: number, teams: { Allies: number | null; Axis: number | null }): Promise<void> {
  for (const [steamId, r] of Object.entries(RATES)) {
    await db
      .insertInto('players')
      .values({
        steam_id: steamId,
        name: `Player ${steamId}`,
        first_seen: new Date(),
        last_seen: new Date(),
        true_strength: null,
        primary_name: null,
      })
      .onConflict((oc) => oc.column('steam_id').doNothing())
      .execute();
    await insertPlayerLine(
      db,
      {
        match_id: matchId,
        steam_id: steamId,
        team_id: teams[r.side],
        side: r.side,
        playtime: 60,
        kpm: r.kpm,
        dpm: r.dpm,
        spm: r.spm,
        cpm: r.cpm,
        kills: r.kpm * 60,
        deaths: r.dpm * 60,
      },
      { weapons: { M1: 2 }, roles: [{ role: 'rifleman', at: 0 }] },
    );
  }
}

describe.each(engines)('player skills, percentiles and statistics on %s', (engine) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase(engine);
  });
  afterAll(() => handle.close());

  it('refreshes at start what a process killed between a rating pass and its refresh left undone', async () => {
    const db = handle.db;
    const { seriesId, teamIds } = await seedSeries(db, 'CUT', 2);
    const id = await insertMatch(db, seriesId, {
      winner: teamIds[0]!,
      loser: teamIds[1]!,
      date: '2026-04-01T20:00:00Z',
    });
    await addLines(db, id, { Allies: teamIds[0]!, Axis: teamIds[1]! });
    // The rating transaction commits (marking the series); the process dies before the refresh transaction.
    await db.transaction().execute(async (trx) => {
      await rateQueued(trx, seriesId);
      await setDerivedStale(trx, seriesId, true);
    });
    const skills = () => db.selectFrom('player_skills').select('steam_id').where('series_id', '=', seriesId).execute();
    const unrefreshed = () =>
      db
        .selectFrom('player_match_stats')
        .select('steam_id')
        .where('match_id', '=', id)
        .where('all_percentile', 'is', null)
        .execute();
    expect(await skills()).toEqual([]);
    expect(await unrefreshed()).toHaveLength(3);

    resumeRatingWork(db);
    await ratingQueueIdle(db);
    expect(await skills()).toHaveLength(3);
    expect(await unrefreshed()).toEqual([]);
    const series = await db.selectFrom('series').select('derived_stale').where('id', '=', seriesId).executeTakeFirst();
    expect(series?.derived_stale).toBe(false);
  });

  it('recomputes at start a series whose posted match was deleted by a process killed before the recompute', async () => {
    const db = handle.db;
    const { seriesId, teamIds } = await seedSeries(db, 'DEL', 2);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const id = await insertMatch(db, seriesId, {
        winner: teamIds[i % 2]!,
        loser: teamIds[(i + 1) % 2]!,
        date: `2026-05-0${i + 1}T20:00:00Z`,
      });
      await addLines(db, id, { Allies: teamIds[i % 2]!, Axis: teamIds[(i + 1) % 2]! });
      ids.push(id);
    }
    notifyQueued(db);
    await ratingQueueIdle(db);
    const state = async () => ({
      ratings: await db.selectFrom('team_ratings').selectAll().where('series_id', '=', seriesId).execute(),
      skills: await db
        .selectFrom('player_skills')
        .select(['steam_id', 'game_type', 'matches', 'x_bar', 's'])
        .where('series_id', '=', seriesId)
        .orderBy('steam_id')
        .orderBy('game_type')
        .execute(),
    });
    const marks = () =>
      db.selectFrom('series').select(['ratings_stale', 'derived_stale']).where('id', '=', seriesId).executeTakeFirst();
    const withThree = await state();
    expect(withThree.skills.every((skill) => skill.matches === 3)).toBe(true);

    // The service marks the series in the deletion's transaction, before any recompute has run.
    await withRatingQueuePaused(db, async () => {
      await deleteMatch(db, cliActor, 'DEL', String(ids[0]));
      expect(await marks()).toEqual({ ratings_stale: true, derived_stale: false });
    });
    await ratingQueueIdle(db);
    expect(await marks()).toEqual({ ratings_stale: false, derived_stale: false });
    const withTwo = await state();
    expect(withTwo.skills.every((skill) => skill.matches === 2)).toBe(true);

    // The deletion commits and the process dies: nothing in memory asks for the recompute any more.
    await db.transaction().execute(async (trx) => {
      await setRatingsStale(trx, seriesId, true);
      await deleteMatchRow(trx, ids[1]!);
    });
    resumeRatingWork(db);
    await ratingQueueIdle(db);
    expect(await marks()).toEqual({ ratings_stale: false, derived_stale: false });
    const withOne = await state();
    expect(withOne.skills.every((skill) => skill.matches === 1)).toBe(true);
    await recomputeSeries(db, seriesId);
    expect(await state()).toEqual(withOne);
  });

  it('computes hand-checkable skills, percentiles and statistics when matches are posted', async () => {
    const db = handle.db;
    const { seriesId, teamIds } = await seedSeries(db, 'SK', 2);
    const teams = { Allies: teamIds[0]!, Axis: teamIds[1]! };
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const id = await insertMatch(db, seriesId, {
        winner: teamIds[0]!,
        loser: teamIds[1]!,
        date: `2026-03-0${i + 1}T20:00:00Z`,
        map: i < 2 ? 'carentan' : 'foy',
      });
      await addLines(db, id, teams);
      ids.push(id);
    }
    const privateId = await insertMatch(db, seriesId, {
      winner: teamIds[1]!,
      loser: teamIds[0]!,
      date: '2026-03-05T20:00:00Z',
      visibility: 'private',
      victor: 'Axis',
    });
    notifyQueued(db);
    await ratingQueueIdle(db);

    const skills = await db
      .selectFrom('player_skills')
      .selectAll()
      .where('series_id', '=', seriesId)
      .orderBy('steam_id')
      .execute();
    // Competitive rows only (the private match has no player lines). Population A, B, C (3 matches each):
    // kpm mean 2, sd sqrt(2/3); cpm mean 1.5, sd sqrt(1/6); spm sd 0 -> 0; deaths inverted.
    const r15 = Math.sqrt(1.5);
    expect(skills.map((s) => [s.steam_id, s.game_type, s.matches])).toEqual([
      ['A', 'competitive', 3],
      ['B', 'competitive', 3],
      ['C', 'competitive', 3],
    ]);
    const a = skills[0]!;
    expect(a.x_bar).toEqual([1, 1, 1, 1]);
    expect(a.s).toEqual([0, 0, 0, 0]);
    expect(a.skill_vector!.map((z) => Number(z.toFixed(12)))).toEqual(
      [-r15, r15, 0, -r15].map((z) => Number(z.toFixed(12))),
    );
    expect(a.weapon_stats).toEqual({ M1: { kills: 6, share: 1 } });
    expect(a.role_stats).toEqual({ rifleman: { matches: 3, minutes: 180 } });
    expect(skills[2]!.skill_vector).toEqual([0, 0, 0, 0]);

    const lines = await db
      .selectFrom('player_match_stats')
      .select(['steam_id', 'side_percentile', 'all_percentile'])
      .where('match_id', '=', ids[0]!)
      .orderBy('steam_id')
      .execute();
    // Performance: A -sqrt(1.5)/4, B +sqrt(1.5)/4, C 0.
    expect(lines).toEqual([
      { steam_id: 'A', side_percentile: 0, all_percentile: 0 },
      { steam_id: 'B', side_percentile: 100, all_percentile: 100 },
      { steam_id: 'C', side_percentile: 50, all_percentile: 50 },
    ]);

    const stored = await db
      .selectFrom('series_statistics')
      .select('data')
      .where('series_id', '=', seriesId)
      .executeTakeFirstOrThrow();
    const stats = seriesStatisticsSchema.parse(stored.data);
    expect(stats).toMatchObject({
      matches: 3,
      teams: 2,
      players: 3,
      // Public figures count public matches only: the private match moves the rating, not num_matches (issue 34).
      top_team: { tag: 'SKT0', num_matches: 3 },
      win_rates: {
        by_side: { matches: 3, Allies: 3, Axis: 0 },
        by_map: { Carentan: { matches: 2, Allies: 2, Axis: 0 }, Foy: { matches: 1, Allies: 1, Axis: 0 } },
      },
    });
    expect(
      (
        await db
          .selectFrom('matches')
          .select('calculation_status')
          .where('id', '=', privateId)
          .executeTakeFirstOrThrow()
      ).calculation_status,
    ).toBe('posted');

    // A recompute reproduces skills and percentiles exactly.
    await recomputeSeries(db, seriesId);
    expect(
      await db.selectFrom('player_skills').selectAll().where('series_id', '=', seriesId).orderBy('steam_id').execute(),
    ).toEqual(skills.map((s) => ({ ...s, updated_at: expect.any(Date) })));
  });
});
