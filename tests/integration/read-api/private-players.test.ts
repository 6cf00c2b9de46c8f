import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '#tests/helpers/database.ts';
import { startTestServer, type TestServer } from '#tests/helpers/server.ts';
import { buildReadFixture, jsonb, steamId, type ReadFixture } from '#tests/helpers/read-fixtures.ts';
import { matchDetailSchema } from '#lib/schemas/index.ts';

// The probe: a private player's Steam id stayed in the other players' `killers` and `victims` of the public match
// API (37 of 37 matches), though the player's own statistics were left out.
describe.each(engines)('private players in the others’ kill counts on %s', (engine) => {
  let server: TestServer;
  let fx: ReadFixture;
  const hidden = steamId(7);

  beforeAll(async () => {
    server = await startTestServer(engine);
    fx = await buildReadFixture(server.db);
    await server.db
      .updateTable('player_match_details')
      .set({
        killers: jsonb({ [hidden]: 2, [steamId(2)]: 1 }),
        victims: jsonb({ [hidden]: 3, [steamId(3)]: 1 }),
      })
      .where('match_id', '=', fx.matches.public[0]!)
      .where('steam_id', '=', steamId(1))
      .execute();
  });
  afterAll(() => server.close());

  it('counts kills by and of private players under one anonymous entry, naming them only to admins', async () => {
    const path = `/v3/series/S1/matches/${fx.matches.public[0]}`;
    const text = await (await server.fetch(path)).text();
    expect(text).not.toContain(hidden);
    const player = matchDetailSchema.parse(JSON.parse(text)).player_stats[steamId(1)]!;
    expect(player.killers).toEqual({ private: 2, [steamId(2)]: 1 });
    expect(player.victims).toEqual({ private: 3, [steamId(3)]: 1 });
    const page = await server.fetch(`/statistics/matches/${fx.matches.public[0]}?series=S1&player=${steamId(1)}`);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).not.toContain(hidden);
    expect(html).toContain('Unlisted player');
    const admin = await server.fetch(path, { headers: { cookie: fx.users.admin.cookie } });
    const asAdmin = matchDetailSchema.parse(await admin.json()).player_stats[steamId(1)]!;
    expect(asAdmin.killers).toEqual({ [hidden]: 2, [steamId(2)]: 1 });
  });
});
