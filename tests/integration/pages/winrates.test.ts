import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '#tests/helpers/database.ts';
import { startTestServer, type TestServer } from '#tests/helpers/server.ts';
import { buildReadFixture } from '#tests/helpers/read-fixtures.ts';
import { sectionById, tableRows, textOf } from '#tests/helpers/html.ts';
import { seriesStatisticsSchema } from '#lib/schemas/statistics.ts';

describe.each(engines)('win-rate page on %s', (engine) => {
  let server: TestServer;
  const html = async (path: string) => {
    const response = await server.fetch(path);
    expect(response.status).toBe(200);
    return response.text();
  };

  beforeAll(async () => {
    server = await startTestServer(engine);
    await buildReadFixture(server.db);
  });
  afterAll(() => server.close());

  it('shows the same numbers as the statistics API', async () => {
    const api = seriesStatisticsSchema.parse(await (await server.fetch('/v3/series/S1/statistics')).json());
    const page = await html('/statistics/winrates?series=S1');
    const pct = (wins: number, matches: number) => `${Math.round((100 * wins) / matches)}%`;
    const expected = Object.entries(api.win_rates.by_map)
      .sort(([a, x], [b, y]) => y.matches - x.matches || a.localeCompare(b))
      .map(([map, w]) => [
        map,
        // Stacked cells carry their column's label for narrow screens.
        `Matches ${w.matches}`,
        `Allies ${w.Allies} (${pct(w.Allies, w.matches)})`,
        `Axis ${w.Axis} (${pct(w.Axis, w.matches)})`,
      ]);
    // The fixture's public matches: Carentan won once by each side, Foy by the Axis.
    expect(expected).toEqual([
      ['Carentan', 'Matches 2', 'Allies 1 (50%)', 'Axis 1 (50%)'],
      ['Foy', 'Matches 1', 'Allies 0 (0%)', 'Axis 1 (100%)'],
    ]);
    const byMap = sectionById(page, 'by-map') ?? '';
    expect(tableRows(byMap.slice(byMap.indexOf('Decided matches by map')))).toEqual(expected);
    const summary = textOf(sectionById(page, 'series-summary') ?? '');
    expect(summary).toContain(`Matches ${api.matches} Teams ${api.teams} Players ${api.players}`);
    expect(summary).toContain(`${api.top_team?.tag} ${api.top_team?.name}`);
    const side = api.win_rates.by_side;
    expect(textOf(sectionById(page, 'by-side') ?? '')).toBe(
      `By side Allies ${pct(side.Allies, side.matches)} ${side.Allies} wins Axis ${pct(side.Axis, side.matches)} ${side.Axis} wins Of ${side.matches} decided matches.`,
    );
  });

  it('sorts the map table by a header link', async () => {
    const page = await html('/statistics/winrates?series=S1&sort=axis&dir=desc');
    const byMap = sectionById(page, 'by-map') ?? '';
    expect(tableRows(byMap.slice(byMap.indexOf('Decided matches by map'))).map((r) => r[0])).toEqual([
      'Foy',
      'Carentan',
    ]);
  });

  it('says the data could not be fetched when the statistics cannot be read', async () => {
    await sql`alter table series_statistics rename to series_statistics_away`.execute(server.db);
    try {
      const page = await html('/statistics/winrates?series=S1');
      expect(textOf(page)).toContain("The data couldn't be fetched. Try again later.");
      expect(sectionById(page, 'series-summary')).toBeUndefined();
    } finally {
      await sql`alter table series_statistics_away rename to series_statistics`.execute(server.db);
    }
  });
});
