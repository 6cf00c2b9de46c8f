import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { engines, createTestDatabase } from '#tests/helpers/database.ts';
import type { DB } from '#lib/server/db/index.ts';
import { finishUncheckedLoad, queueLoadedMatches, startUncheckedLoad } from '#lib/server/repositories/demo-load.ts';
import { insertMatch, seedSeries } from './fixtures.ts';

/** The demo seed's load without per-row triggers (repositories/demo-load.ts) keeps what the triggers keep. */
describe.each(engines)('a load without per-row triggers on %s', (engine) => {
  it('queues the loaded matches as the insert trigger does, and refuses a row whose foreign key points nowhere', async () => {
    const handle = await createTestDatabase(engine);
    try {
      const { db } = handle;
      const { seriesId, teamIds } = await seedSeries(db, 'U', 2);
      const match = (status: 'queued' | 'skipped', day: number, on: DB = db) =>
        insertMatch(on, seriesId, {
          winner: teamIds[0]!,
          loser: teamIds[1]!,
          date: `2026-01-0${day}T20:00:00Z`,
          status,
        });
      const queue = async (on: DB = db) =>
        (
          await sql<{ series_id: number; match_id: number }>`select series_id, match_id from rating_queue
            order by match_id`.execute(on)
        ).rows;

      // With the trigger: what the load must leave.
      const triggered = [await match('queued', 1), await match('skipped', 2), await match('queued', 3)];
      const expected = await queue();
      expect(expected.map((r) => r.match_id)).toEqual([triggered[0], triggered[2]]);
      await sql`delete from rating_queue`.execute(db);
      await sql`delete from matches`.execute(db);

      await db.transaction().execute(async (trx) => {
        // The test databases' users are superusers, as PGlite's always is.
        expect(await startUncheckedLoad(trx)).toBe(true);
        const loaded = [await match('queued', 1, trx), await match('skipped', 2, trx), await match('queued', 3, trx)];
        expect((await queue(trx)).length).toBe(0);
        await queueLoadedMatches(trx, loaded);
        await finishUncheckedLoad(trx);
      });
      expect((await queue()).map((r) => r.series_id)).toEqual(expected.map((r) => r.series_id));
      expect((await queue()).length).toBe(2);

      // A player line of a match that does not exist is let through by the unchecked load, then refused at its end
      // (the whole load rolls back).
      await expect(
        db.transaction().execute(async (trx) => {
          await startUncheckedLoad(trx);
          await sql`insert into players (steam_id, name, first_seen, last_seen)
            values ('76561190000000001', 'P', now(), now())`.execute(trx);
          await sql`insert into player_match_stats (match_id, steam_id, team_id, name, playtime)
            values (999999, '76561190000000001', ${teamIds[0]!}, 'P', 30)`.execute(trx);
          await finishUncheckedLoad(trx);
        }),
      ).rejects.toThrow(/player_match_stats_match_id_fkey/);
      const players = await db.selectFrom('players').select('steam_id').execute();
      expect(players).toEqual([]);
    } finally {
      await handle.close();
    }
  }, 60_000);
});
