import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, createTestDatabase } from '#tests/helpers/database.ts';
import { insertMatch, insertTeam } from '#tests/integration/auth/helpers.ts';
import { createSeries } from '#lib/server/services/series.ts';
import { recomputeSeries } from '#lib/server/services/ratings/process.ts';
import type { DatabaseHandle } from '#lib/server/db/connect.ts';

// The probe: private matches were counted in the public win-loss records and num_matches, and the rating history's
// numbering skipped where they were played (its mu change revealing their result).
describe.each(engines)('private matches in public figures on %s', (engine) => {
  let handle: DatabaseHandle;
  let seriesId: number;
  const teams: Record<string, { id: number; tag: string }> = {};

  beforeAll(async () => {
    handle = await createTestDatabase(engine);
    const db = handle.db;
    await createSeries(db, { tag: 'S1', name: 'Season 1', current: true });
    seriesId = (await db.selectFrom('series').select('id').executeTakeFirstOrThrow()).id;
    for (const tag of ['ALPHA', 'BRAVO']) teams[tag] = { id: await insertTeam(db, tag), tag };
    const play = async (day: number, winner: string, loser: string, visibility: 'public' | 'private') => {
      const id = await insertMatch(db, {
        seriesId,
        winner: teams[winner]!,
        loser: teams[loser]!,
        submittedBy: null,
        status: 'queued',
      });
      await db
        .updateTable('matches')
        .set({ visibility, date: new Date(Date.UTC(2026, 2, day, 18)) })
        .where('id', '=', id)
        .execute();
      return id;
    };
    await play(1, 'ALPHA', 'BRAVO', 'public');
    await play(2, 'BRAVO', 'ALPHA', 'private');
    await play(3, 'BRAVO', 'ALPHA', 'private');
    await play(4, 'ALPHA', 'BRAVO', 'public');
    await recomputeSeries(db, seriesId);
  });
  afterAll(() => handle.close());

  it('counts only public matches in records and history, while the rating itself includes the private ones', async () => {
    const ratings = await handle.db
      .selectFrom('team_ratings')
      .select(['team_id', 'num_matches', 'wins', 'losses', 'mu'])
      .where('series_id', '=', seriesId)
      .orderBy('team_id')
      .execute();
    expect(ratings.map(({ num_matches, wins, losses }) => ({ num_matches, wins, losses }))).toEqual([
      { num_matches: 2, wins: 2, losses: 0 },
      { num_matches: 2, wins: 0, losses: 2 },
    ]);
    const history = await handle.db
      .selectFrom('rating_history as h')
      .innerJoin('matches as m', 'm.id', 'h.match_id')
      .select(['h.team_id', 'h.num_matches', 'm.visibility'])
      .where('h.series_id', '=', seriesId)
      .orderBy('h.team_id')
      .orderBy('h.num_matches')
      .execute();
    expect(history.map((h) => h.visibility)).toEqual(['public', 'public', 'public', 'public']);
    expect(history.map((h) => h.num_matches)).toEqual([1, 2, 1, 2]);
    // The private matches were rated all the same: the team's rating includes them.
    const rated = await handle.db
      .selectFrom('matches')
      .select(['visibility', 'winner_mu_after'])
      .where('series_id', '=', seriesId)
      .where('visibility', '=', 'private')
      .execute();
    expect(rated).toHaveLength(2);
    expect(rated.every((m) => typeof m.winner_mu_after === 'number')).toBe(true);
  });
});
