/**
 * The skills and percentiles refreshes read a series' lines through a cursor, a chunk at a time (db/cursor.ts). The
 * chunk size must not change a single stored number: a match's lines straddling two chunks are still ranked
 * together, and a player's lines spread over many chunks are added up in the same order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, createTestDatabase } from '#tests/helpers/database.ts';
import type { DatabaseHandle } from '#lib/server/db/connect.ts';
import type { DB } from '#lib/server/db/index.ts';
import { refreshPercentiles, refreshPlayerSkills } from '#lib/server/services/ratings/skills.ts';
import { insertMatch, insertPlayerLine, seedSeries } from './fixtures.ts';

const PLAYERS = ['A', 'B', 'C', 'D', 'E'];

async function addLines(db: DB, matchId: number, seed: number): Promise<void> {
  for (const [i, steamId] of PLAYERS.entries()) {
    // Varied but fixed numbers: each match ranks its players differently.
    const x = ((seed * 7 + i * 13) % 11) / 10;
    await insertPlayerLine(
      db,
      {
        match_id: matchId,
        steam_id: steamId,
        team_id: null,
        side: i % 2 === 0 ? 'Allies' : 'Axis',
        playtime: 30 + ((seed + i) % 4) * 10,
        kpm: x,
        dpm: 1 - x / 2,
        spm: (seed % 3) + x,
        cpm: x * x,
      },
      {
        weapons: { [`W${(seed + i) % 3}`]: seed + i },
        roles: [{ role: i % 2 ? 'Medic' : 'Rifleman', at: 0 }],
      },
    );
  }
}

describe.each(engines)('refreshes read in chunks on %s', (engine) => {
  let handle: DatabaseHandle;
  let seriesId: number;
  beforeAll(async () => {
    handle = await createTestDatabase(engine);
    const db = handle.db;
    await db
      .insertInto('players')
      .values(PLAYERS.map((steam_id) => ({ steam_id, name: steam_id, first_seen: new Date(), last_seen: new Date() })))
      .execute();
    const seeded = await seedSeries(db, 'CHUNK', 2);
    seriesId = seeded.seriesId;
    for (let m = 0; m < 6; m++) {
      const matchId = await insertMatch(db, seriesId, {
        winner: seeded.teamIds[m % 2]!,
        loser: seeded.teamIds[(m + 1) % 2]!,
        date: new Date(Date.UTC(2026, 1, 1, m)).toISOString(),
        status: 'posted',
        type: m % 3 === 2 ? 'event' : 'competitive',
      });
      await addLines(db, matchId, m);
    }
  });
  afterAll(() => handle.close());

  /** Refreshes everything from scratch reading `chunkSize` lines at a time; returns what was stored. */
  const refreshed = (chunkSize?: number) =>
    handle.db.transaction().execute(async (trx) => {
      await trx.updateTable('player_match_stats').set({ side_percentile: null, all_percentile: null }).execute();
      const lines = await refreshPercentiles(trx, seriesId, 'all', chunkSize);
      const skills = await refreshPlayerSkills(trx, seriesId, undefined, chunkSize);
      return {
        counts: { lines, skills },
        percentiles: await trx
          .selectFrom('player_match_stats')
          .select(['match_id', 'steam_id', 'side_percentile', 'all_percentile'])
          .orderBy('match_id')
          .orderBy('steam_id')
          .execute(),
        skills: await trx
          .selectFrom('player_skills')
          .select(['steam_id', 'game_type', 'matches', 'x_bar', 's', 'skill_vector', 'weapon_stats', 'role_stats'])
          .orderBy('game_type')
          .orderBy('steam_id')
          .execute(),
      };
    });

  it('stores the same numbers whatever the chunk size, matches straddling chunks included', async () => {
    const whole = await refreshed();
    expect(whole.counts).toEqual({ lines: 30, skills: 10 });
    expect(whole.percentiles.every((p) => p.all_percentile !== null && p.side_percentile !== null)).toBe(true);
    // 5 lines a match: chunks of 2, 3 and 4 cut matches apart; 1 reads line by line.
    for (const size of [1, 2, 3, 4]) expect(await refreshed(size)).toEqual(whole);
  });
});
