import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '#tests/helpers/database.ts';
import { startTestServer, type TestServer } from '#tests/helpers/server.ts';
import { seriesStatisticsSchema } from '#lib/schemas/statistics.ts';
import { makeLog, reportForm, seedTeams } from '#tests/integration/ingestion/fixtures.ts';
import { sessionFor } from '#tests/integration/auth/helpers.ts';

// The server's rating worker lives in the built bundle (not in this test's modules): wait by polling the database.
async function waitForStatus(server: TestServer, id: number, status: string, limitMs: number): Promise<number> {
  const t0 = performance.now();
  for (;;) {
    const row = await server.db
      .selectFrom('matches')
      .select('calculation_status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    if (row.calculation_status === status || performance.now() - t0 > limitMs) return performance.now() - t0;
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe.each(engines)('reported and approved matches are rated by the server on %s', (engine) => {
  const suffix = engine === 'pglite' ? 'L' : 'P';
  const A = `RATEA${suffix}`;
  const B = `RATEB${suffix}`;
  let server: TestServer;
  let teams: Record<string, { id: number; key: string }>;

  beforeAll(async () => {
    server = await startTestServer(engine);
    teams = await seedTeams(server.db, [A, B]);
  });
  afterAll(async () => {
    // Let a rating pass that is still running finish before the database goes away.
    await new Promise((r) => setTimeout(r, 200));
    await server.close();
  });

  it('posts a match once it is approved, with ratings, history, percentiles and statistics', async () => {
    const form = reportForm(
      { teams: [A, B], kind: 'competitive' },
      { text: makeLog('hlu-csv', { seed: 77, alliedScore: 4, axisScore: 1 }) },
    );
    const reported = await server.fetch('/v2/matches/serverlog', {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${teams[A]!.key}` },
    });
    expect(reported.status).toBe(201);
    const { match_id: id, series } = (await reported.json()) as { match_id: number; series: string };
    expect(await waitForStatus(server, id, 'posted', 300)).toBeGreaterThanOrEqual(300);

    const approved = await server.fetch(`/v3/series/${series}/matches/${id}`, {
      method: 'POST',
      body: JSON.stringify({ action: 'approve' }),
      headers: { authorization: `Bearer ${teams[B]!.key}`, 'content-type': 'application/json' },
    });
    expect(approved.status).toBe(200);
    // The approval alone starts the rating worker (no periodic pass): a loaded machine may take seconds.
    expect(await waitForStatus(server, id, 'posted', 60_000)).toBeLessThan(60_000);

    const match = await server.db.selectFrom('matches').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(match).toMatchObject({ winner_mu_before: 25, loser_mu_before: 25, win_probability: 0.5 });
    expect(match.winner_mu_after).toBeGreaterThan(25);
    const ratings = await server.db
      .selectFrom('team_ratings')
      .select(['team_id', 'num_matches', 'wins', 'losses'])
      .orderBy('team_id')
      .execute();
    expect(ratings).toEqual(
      [
        { team_id: teams[A]!.id, num_matches: 1, wins: 1, losses: 0 },
        { team_id: teams[B]!.id, num_matches: 1, wins: 0, losses: 1 },
      ].sort((x, y) => x.team_id - y.team_id),
    );
    expect(
      await server.db.selectFrom('rating_history').select('team_id').where('match_id', '=', id).execute(),
    ).toHaveLength(2);
    // Skills, percentiles and statistics follow in the worker's second transaction.
    const t0 = performance.now();
    while (
      !(await server.db.selectFrom('series_statistics').select('series_id').executeTakeFirst()) &&
      performance.now() - t0 < 60_000
    ) {
      await new Promise((r) => setTimeout(r, 10));
    }
    const lines = await server.db
      .selectFrom('player_match_stats')
      .select(['side_percentile', 'all_percentile'])
      .where('match_id', '=', id)
      .execute();
    expect(lines.length).toBeGreaterThan(10);
    expect(lines.every((l) => l.side_percentile !== null && l.all_percentile !== null)).toBe(true);

    // The statistics endpoint serves the stored document, which counts the posted match.
    const stored = await server.db.selectFrom('series_statistics').select('data').executeTakeFirstOrThrow();
    const response = await server.fetch(`/v3/series/${series}/statistics`);
    expect(response.status).toBe(200);
    const stats = seriesStatisticsSchema.parse(await response.json());
    expect(stats).toEqual(stored.data);
    expect(stats).toMatchObject({ matches: 1, teams: 2, top_team: { tag: A } });

    // An admin deletes the rated match: the series is replayed without it and the ratings go back to the prior.
    const admin = await sessionFor(server.db, { discordId: `90000000000000000${suffix === 'L' ? 1 : 2}`, admin: true });
    const deleted = await server.fetch(`/v3/series/${series}/matches/${id}`, {
      method: 'DELETE',
      headers: admin.headers,
    });
    expect(deleted.status).toBe(204);
    const t1 = performance.now();
    let after: { mu: number; num_matches: number }[] = [];
    while (performance.now() - t1 < 3000) {
      after = await server.db.selectFrom('team_ratings').select(['mu', 'num_matches']).execute();
      if (after.every((r) => r.num_matches === 0)) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(after).toEqual([
      { mu: 25, num_matches: 0 },
      { mu: 25, num_matches: 0 },
    ]);
  });
});
