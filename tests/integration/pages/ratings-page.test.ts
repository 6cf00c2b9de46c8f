import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '#tests/helpers/database.ts';
import { startTestServer, type TestServer } from '#tests/helpers/server.ts';
import { parseHtml, type Rendered } from '#tests/helpers/dom.ts';
import { simulateSeason } from '#lib/domain/rating/index.ts';
import { recomputeSeries } from '#lib/server/services/ratings/process.ts';
import { insertMatch, seedSeries } from '#tests/integration/ratings/fixtures.ts';

/**
 * /statistics/ratings on a series of 120 simulated matches among 6 teams (RTT0..RTT5), and the prediction a pending
 * match's page shows.
 */
describe.each(engines)('the ratings page on %s', (engine) => {
  let server: TestServer;
  let seriesId: number;
  let teamIds: number[];

  const page = async (path: string): Promise<Rendered> => {
    const response = await server.fetch(path);
    expect(response.status, path).toBe(200);
    return parseHtml(await response.text());
  };

  beforeAll(async () => {
    server = await startTestServer(engine);
    ({ seriesId, teamIds } = await seedSeries(server.db, 'RT', 6));
    const season = simulateSeason({ teams: 6, matches: 120, days: 90, drift: 1, seed: 2 });
    const keys = [...new Set(season.matches.flatMap((m) => [m.winner, m.loser]))];
    for (const m of season.matches) {
      await insertMatch(server.db, seriesId, {
        winner: teamIds[keys.indexOf(m.winner)]!,
        loser: teamIds[keys.indexOf(m.loser)]!,
        result: m.result,
        date: new Date(m.date).toISOString(),
      });
    }
    await recomputeSeries(server.db, seriesId);
  }, 120_000);
  afterAll(() => server.close());

  it('explains the ratings with the series’ parameters and scores the models on the newest 30%, cached', async () => {
    const doc = await page('/statistics/ratings?series=RT');
    expect(doc.one('h1').text).toBe('Ratings');
    const how = doc.one('#how-ratings-work').text;
    expect(how).toContain('score, μ − 3σ');
    expect(how).toContain('Model Margin (5-0, 4-1, 3-2)');
    expect(how).toMatch(/Uncertainty per idle day γ \d\.\d{3}/);
    // The first table of the card (the reliability diagram's data table follows); body rows have cells.
    const rows = doc
      .all('#evaluation table')[0]!
      .all('tr')
      .map((tr) => [...tr.all('th'), ...tr.all('td')].map((c) => c.text))
      .filter((cells) => cells[1] !== 'Matches');
    expect(rows.map((r) => r[0])).toEqual([
      'This site (margin, dynamics)',
      'Plain TrueSkill',
      'TrueSkill, tau tuned',
      'Elo, k tuned',
      'HeLO-like (sector share)',
      'Win rate',
    ]);
    // Stacked cells carry their column's label for narrow screens.
    expect(
      rows.every(
        (r) => r[1] === 'Matches 36' && /^Accuracy \d+(\.\d)?%$/.test(r[2]!) && /^Log-loss 0\.\d{4}$/.test(r[3]!),
      ),
    ).toBe(true);
    expect(doc.one('#reliability').all('circle').length).toBeGreaterThan(0);
    expect(doc.one('#evaluation').text).toContain('predicted the newest 36 before they were played');

    // The evaluation is computed once per state of the rated matches: a second visit shows the same computation.
    const computed = (d: Rendered) => d.all('#evaluation time')[0]?.attrs['datetime'];
    const again = await page('/statistics/ratings?series=RT');
    expect(computed(again)).toBe(computed(doc));
    expect(doc.one('#refits').text).toContain('No refit yet');
  });

  it('calculates a win probability for two teams with a GET form, and names a bad choice', async () => {
    const doc = await page('/statistics/ratings?series=RT&teamA=RTT0&teamB=RTT1#calculator');
    expect(doc.one('#calculator form').attrs['method']).toBe('get');
    const answer = doc.one('#calculator .answer').text;
    const [, a, b] = /RTT0 beats RTT1 in a match today with probability (\d+\.\d)% \(RTT1: (\d+\.\d)%\)/.exec(answer)!;
    expect(Number(a) + Number(b)).toBeCloseTo(100, 5);
    const selected = doc.all('#calculator option').filter((o) => 'selected' in o.attrs);
    expect(selected.map((o) => o.attrs['value'])).toEqual(['RTT0', 'RTT1']);
    // Links out of the page drop the calculator's choice.
    expect(
      doc
        .one('#calculator')
        .all('.answer a')
        .map((a) => a.attrs['href']),
    ).toEqual(['/teams/RTT0?series=RT', '/teams/RTT1?series=RT']);
    const unknown = await page('/statistics/ratings?series=RT&teamA=RTT0&teamB=NOPE');
    expect(unknown.one('#calculator .error-banner').text).toBe("Team 'NOPE' does not exist");
    const same = await page('/statistics/ratings?series=RT&teamA=RTT2&teamB=rtt2');
    expect(same.one('#calculator .error-banner').text).toBe('Choose two different teams to compare');
  });

  it('shows the pre-match prediction on a pending match’s page', async () => {
    const id = await insertMatch(server.db, seriesId, {
      winner: teamIds[0]!,
      loser: teamIds[1]!,
      date: '2026-06-01T20:00:00Z',
      status: 'pending',
    });
    const doc = await page(`/statistics/matches/${id}?series=RT`);
    expect(doc.one('.match-header').text).toMatch(/Predicted win chance of \S+ \(how\) \d+\.\d%/);
  });
});
