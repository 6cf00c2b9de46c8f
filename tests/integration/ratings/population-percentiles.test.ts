import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, createTestDatabase } from '#tests/helpers/database.ts';
import type { DatabaseHandle } from '#lib/server/db/connect.ts';
import type { DB } from '#lib/server/db/index.ts';
import type { Actor } from '#lib/server/auth/actor.ts';
import { POPULATION_MIN_MATCHES } from '#lib/domain/skill/population.ts';
import { down, up } from '#lib/server/db/migrations/0019_player_percentiles.ts';
import { findPercentileCounts, type PercentileCounts } from '#lib/server/repositories/read/player-pages.ts';
import { replacePlayerPercentiles } from '#lib/server/repositories/player-skills.ts';
import { setProfileVisibility, unclaimProfile } from '#lib/server/services/claims.ts';
import { seedDemo } from '#lib/server/services/demo/seed.ts';
import { recomputeSeries, refreshDerived } from '#lib/server/services/ratings/process.ts';
import { GAME_TYPES } from '#lib/server/services/ratings/skills.ts';
import { percentilesOf } from '#lib/server/pages/player-view.ts';

/*
 * The player page reads its percentile counts from player_percentiles, written by the skills refresh and by
 * visibility changes. The reference is the query the page ran on every view before (issue 15): for every player of
 * every series, the stored counts must equal it after each event that changes the population.
 */

/** The page's former per-view query: the player's rated rows against the series' public population. */
async function referenceCounts(db: DB, seriesId: number, steamId: string): Promise<PercentileCounts[]> {
  const rate = (alias: string, i: number) => sql.raw(`${alias}.r${i}`);
  const cmp = (i: number, op: string) =>
    sql`count(*) filter (where ${rate('k', i)} ${sql.raw(op)} ${rate('me', i)})::int`;
  const rates = (alias: string) =>
    sql.raw([0, 1, 2, 3].map((i) => `(${alias}.x_bar->>${i})::float8 as r${i}`).join(', '));
  const result = await sql<PercentileCounts>`
    with me as materialized (
      select m.game_type, ${rates('m')} from player_skills m
      where m.series_id = ${seriesId} and m.steam_id = ${steamId} and jsonb_typeof(m.x_bar) = 'array'
    ), k as materialized (
      select s.game_type, jsonb_typeof(s.x_bar) = 'array' as rated, ${rates('s')}
      from player_skills s
      join players p on p.steam_id = s.steam_id
      where s.series_id = ${seriesId} and s.matches >= ${POPULATION_MIN_MATCHES} and p.visibility = 'public'
        and s.game_type in (select game_type from me)
    )
    select me.game_type, count(*) filter (where k.rated)::int as n,
      ${cmp(0, '<')} as kpm_below, ${cmp(0, '=')} as kpm_equal,
      ${cmp(1, '>')} as dpm_above, ${cmp(1, '=')} as dpm_equal,
      ${cmp(2, '<')} as spm_below, ${cmp(2, '=')} as spm_equal,
      ${cmp(3, '<')} as cpm_below, ${cmp(3, '=')} as cpm_equal
    from me join k on k.game_type = me.game_type
    group by me.game_type`.execute(db);
  return result.rows;
}

// The former query had no row for a game type without any qualifying public player; the stored rows say n = 0,
// which the page shows alike (no percentiles). Rows of an empty population are left out on both sides.
const populated = (rows: PercentileCounts[]) =>
  rows.filter((r) => r.n > 0).sort((a, b) => a.game_type.localeCompare(b.game_type));

/** Compares stored and reference counts of every player with skills; returns how many populated rows matched. */
async function expectAllMatch(db: DB): Promise<number> {
  const players = await db
    .selectFrom('player_skills')
    .select(['series_id', 'steam_id'])
    .distinct()
    .orderBy('series_id')
    .orderBy('steam_id')
    .execute();
  let compared = 0;
  for (const { series_id, steam_id } of players) {
    const stored = populated(await findPercentileCounts(db, series_id, steam_id));
    expect({ series_id, steam_id, counts: stored }).toEqual({
      series_id,
      steam_id,
      // The stored rows also name their series and player.
      counts: populated(await referenceCounts(db, series_id, steam_id)).map((r) => ({ ...r, series_id, steam_id })),
    });
    compared += stored.length;
  }
  return compared;
}

/** A public player in the competitive population of the series, with the percentiles the page shows them. */
async function populationMember(db: DB, seriesId: number): Promise<string> {
  const row = await db
    .selectFrom('player_skills as s')
    .innerJoin('players as p', 'p.steam_id', 's.steam_id')
    .select('s.steam_id')
    .where('s.series_id', '=', seriesId)
    .where('s.game_type', '=', 'competitive')
    .where('s.matches', '>=', POPULATION_MIN_MATCHES)
    .where('p.visibility', '=', 'public')
    .orderBy('s.matches', 'desc')
    .orderBy('s.steam_id')
    .executeTakeFirstOrThrow();
  return row.steam_id;
}

const competitiveN = async (db: DB, seriesId: number, steamId: string) =>
  (await findPercentileCounts(db, seriesId, steamId)).find((r) => r.game_type === 'competitive')?.n;

describe.each(engines)('stored population percentiles on %s', (engine) => {
  let handle: DatabaseHandle;
  let db: DB;
  let seriesId: number;
  beforeAll(async () => {
    handle = await createTestDatabase(engine);
    db = handle.db;
    await seedDemo(db, { seed: 7, teams: 6, matches: 40 });
    seriesId = (await db.selectFrom('series').select('id').where('tag', '=', 'S2').executeTakeFirstOrThrow()).id;
    // This small demo draws no private player: make about a fifth of them private, then recompute both series.
    await sql`update players set visibility = 'private' where right(steam_id, 1) in ('3', '7')`.execute(db);
    for (const { id } of await db.selectFrom('series').select('id').execute()) await recomputeSeries(db, id);
  }, 120_000);
  afterAll(() => handle.close());

  it('equals the former per-view count for every player of the demo', async () => {
    const hidden = await db
      .selectFrom('player_skills as s')
      .innerJoin('players as p', 'p.steam_id', 's.steam_id')
      .select('s.steam_id')
      .where('p.visibility', '=', 'private')
      .where('s.matches', '>=', POPULATION_MIN_MATCHES)
      .execute();
    expect(hidden.length).toBeGreaterThan(5);
    expect(await expectAllMatch(db)).toBeGreaterThan(100);
  });

  it('follows a visibility change and an unclaim in the same transaction', async () => {
    const steamId = await populationMember(db, seriesId);
    const before = await competitiveN(db, seriesId, steamId);
    const user = await db
      .insertInto('users')
      .values({ discord_id: '900000000000000001', name: 'Owner', avatar: null, last_login_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('profile_claims')
      .values({ steam_id: steamId, user_id: user.id, status: 'approved', proof: 'review' })
      .execute();
    const actor: Actor = {
      kind: 'user',
      userId: user.id,
      discordId: '900000000000000001',
      name: 'Owner',
      roles: [],
      managedTeamIds: [],
      sessionId: null,
    };
    await setProfileVisibility(db, actor, steamId, 'private');
    expect(await competitiveN(db, seriesId, steamId)).toBe(before! - 1);
    await expectAllMatch(db);
    await unclaimProfile(db, actor, steamId);
    expect(await competitiveN(db, seriesId, steamId)).toBe(before);
    await expectAllMatch(db);
  });

  it('counts ties and null rates as the former query, and follows a refresh and a recompute', async () => {
    // Ties on every rate among many players, and a rate that is JSON null: the demo's random rates have neither.
    await sql`update player_skills set x_bar = jsonb_build_array(1.5, 0.25, x_bar->2, 3)
      where series_id = ${seriesId} and game_type = 'competitive' and steam_id in (
        select steam_id from player_skills where series_id = ${seriesId} and game_type = 'competitive'
        order by steam_id limit 12)`.execute(db);
    await sql`update player_skills set x_bar = jsonb_set(x_bar, '{2}', 'null')
      where series_id = ${seriesId} and game_type = 'competitive' and steam_id = (
        select min(steam_id) from player_skills where series_id = ${seriesId} and game_type = 'competitive')`.execute(
      db,
    );
    await replacePlayerPercentiles(db, seriesId, ['competitive'], POPULATION_MIN_MATCHES);
    const tied = await db
      .selectFrom('player_percentiles')
      .select(['kpm_equal', 'spm_equal'])
      .where('series_id', '=', seriesId)
      .where('game_type', '=', 'competitive')
      .execute();
    expect(Math.max(...tied.map((t) => t.kpm_equal))).toBeGreaterThan(1);
    expect(tied.some((t) => t.spm_equal === 0)).toBe(true);
    await expectAllMatch(db);

    await refreshDerived(db, seriesId, GAME_TYPES);
    await expectAllMatch(db);
    // A skill row the recompute does not rewrite would keep its tied rates: after it, none is left.
    await recomputeSeries(db, seriesId);
    const after = await db
      .selectFrom('player_skills')
      .select('steam_id')
      .where('series_id', '=', seriesId)
      .where(sql<boolean>`x_bar->>0 = '1.5'`)
      .execute();
    expect(after).toEqual([]);
    expect(await expectAllMatch(db)).toBeGreaterThan(100);
  });

  it('gives the page the percentiles it showed before', async () => {
    const steamId = await populationMember(db, seriesId);
    const stored = (await findPercentileCounts(db, seriesId, steamId)).find((r) => r.game_type === 'competitive');
    const reference = (await referenceCounts(db, seriesId, steamId)).find((r) => r.game_type === 'competitive');
    expect(stored).toBeDefined();
    expect(percentilesOf(stored, true)).toEqual(percentilesOf(reference, true));
    expect(percentilesOf(stored, true)?.kpm).toBeGreaterThanOrEqual(0);
  });

  it('is filled by its migration from the stored skills (an upgraded or restored older database)', async () => {
    await down(db);
    await up(db);
    expect(await expectAllMatch(db)).toBeGreaterThan(100);
  });
});
