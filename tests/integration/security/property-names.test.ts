import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '#tests/helpers/database.ts';
import { startTestServer, type TestServer } from '#tests/helpers/server.ts';
import { samplePlayers, simulateMatch, writeLog } from '#lib/domain/logs/write/index.ts';
import type { LogFormat } from '#lib/domain/logs/index.ts';
import { ratingQueueIdle } from '#lib/server/services/rating-queue.ts';
import { reportForm, seedTeams, seedUser } from '#tests/integration/ingestion/fixtures.ts';

/** Names that are properties of every plain object: a lookup keyed by them finds a function, not a miss. */
export const PROPERTY_NAMES = ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__'];

// The probe: a log whose player is named `constructor` made its match page answer 500 for every visitor (a
// plain-object lookup in the scoreboard's columns); /images/tactical/constructor.svg answered 500.
describe.each(engines)('JavaScript property names as user-chosen keys on %s', (engine) => {
  let server: TestServer;
  let teams: Record<string, { id: number; key: string }>;
  let admin: Record<string, string>;
  const matchIds: number[] = [];

  beforeAll(async () => {
    server = await startTestServer(engine);
    teams = await seedTeams(server.db, ['ALPHA', 'BRAVO']);
    admin = (await seedUser(server.db, '900000000000000010', ['ADMIN'])).headers;
  });
  afterAll(async () => {
    await ratingQueueIdle(server.db);
    await server.close();
  });

  it('takes a log of players so named in every format, and every page and answer about it works', async () => {
    const formats: LogFormat[] = ['hlu-csv', 'hlu-json', 'hlu-txt', 'rcon'];
    for (const [index, format] of formats.entries()) {
      const players = samplePlayers(50 + index, 16).map((player, i) => ({
        ...player,
        name: PROPERTY_NAMES[i % PROPERTY_NAMES.length]! + (i < PROPERTY_NAMES.length ? '' : String(i)),
      }));
      const match = simulateMatch({
        seed: 50 + index,
        start: new Date(Date.UTC(2026, 2, 1 + index, 18)),
        durationMinutes: 20,
        map: 'carentan',
        allies: players.slice(0, 8),
        axis: players.slice(8),
        alliedScore: 3,
        axisScore: 2,
        killsPerMinute: 4,
        chats: 3,
      });
      const form = reportForm(
        { teams: ['ALPHA', 'BRAVO'], kind: 'competitive', title: 'constructor' },
        { text: writeLog(format, match.events), name: format === 'hlu-json' ? 'x.json' : 'x.txt' },
        { username: '__proto__' },
      );
      const posted = await server.fetch('/v2/matches/serverlog', {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${teams['ALPHA']!.key}` },
      });
      const text = await posted.text();
      expect([format, posted.status, text.slice(0, 200)]).toEqual([format, 201, expect.any(String)]);
      matchIds.push((JSON.parse(text) as { match_id: number }).match_id);
    }
    const approved = await server.fetch(`/v3/series/S1/matches/${matchIds[0]}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${teams['BRAVO']!.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'approve' }),
    });
    expect(approved.status).toBeLessThan(300);
    await ratingQueueIdle(server.db);
    const steamIds = (await server.db.selectFrom('players').select('steam_id').limit(5).execute()).map(
      (p) => p.steam_id,
    );
    const paths = [
      ...matchIds.flatMap((id) => [`/statistics/matches/${id}?series=S1`, `/v3/series/S1/matches/${id}`]),
      ...steamIds.flatMap((id) => [`/statistics/players/${id}?series=S1`, `/v3/series/S1/players/${id}`]),
      '/statistics/matches?series=S1',
      '/teams/ALPHA?series=S1',
      '/v3/series/S1/teams/ALPHA/players',
      '/statistics?series=S1',
      '/statistics/winrates?series=S1',
      '/statistics/ratings?series=S1',
      `/statistics/compare?series=S1&players=${steamIds.join(',')}`,
      ...PROPERTY_NAMES.flatMap((name) => [
        `/statistics/players?series=S1&query=${name}`,
        `/v3/series/S1/players?query=${name}`,
      ]),
    ];
    for (const path of paths) {
      const response = await server.fetch(path, { headers: admin });
      expect([path, response.status]).toEqual([path, expect.any(Number)]);
      expect(response.status, path).toBeLessThan(400);
    }
  });

  it('answers a path or parameter so named with a 4xx or a page, never a 500', async () => {
    for (const name of PROPERTY_NAMES) {
      const paths = [
        `/images/tactical/${name}.svg`,
        `/images/maps/${name}.svg`,
        `/v3/maps/${name}/caps`,
        `/v3/series/${name}`,
        `/v3/series/S1/teams/${name}`,
        `/v3/series/S1/teams/${name}/players`,
        `/v3/series/S1/players/${name}`,
        `/v2/tournaments/${name}`,
        `/teams/${name}`,
        `/statistics/tournaments/${name}?series=S1`,
        `/og/S1/${name}/${name}/1.png`,
        `/og/S1/team/${name}/1.png`,
        `/og/${name}/home/1.png`,
        `/v3/logs?path=${name}`,
        `/statistics/matches?series=S1&sort=${name}&dir=${name}`,
        `/statistics/matches?series=S1&filter=${encodeURIComponent(JSON.stringify({ [name]: ['x'], map: [name] }))}`,
        `/v3/series/S1/matches?map=${name}&team=${name}&${name}=1`,
        `/statistics/compare?series=S1&players=${name}`,
        `/teams?series=${name}&sort=${name}`,
        `/?series=S1&${name}=${name}`,
      ];
      for (const path of paths) {
        const response = await server.fetch(path, { headers: admin });
        await response.arrayBuffer();
        expect([path, response.status < 500]).toEqual([path, true]);
      }
    }
  });
});
