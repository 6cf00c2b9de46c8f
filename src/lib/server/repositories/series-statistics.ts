import { sql } from 'kysely';
import type { DB } from '../db/index.ts';
import { json } from '../db/json.ts';

// Counted matches: public, final (posted, or an accepted friendly). Private matches never count.
const COUNTED = ['posted', 'skipped'] as const;

/** Counted matches per map and victor side, the total and the newest change. */
export async function countedMatchesByMapAndSide(db: DB, seriesId: number) {
  const [groups, totals] = await Promise.all([
    db
      .selectFrom('matches')
      .select(['map', 'victor_side'])
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('series_id', '=', seriesId)
      .where('visibility', '=', 'public')
      .where('calculation_status', 'in', [...COUNTED])
      .groupBy(['map', 'victor_side'])
      .orderBy('map')
      .execute(),
    db
      .selectFrom('matches')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .select(sql<Date | null>`max(coalesce(rated_at, created_at))`.as('last'))
      .where('series_id', '=', seriesId)
      .where('visibility', '=', 'public')
      .where('calculation_status', 'in', [...COUNTED])
      .executeTakeFirstOrThrow(),
  ]);
  return { groups: groups.map((g) => ({ ...g, n: Number(g.n) })), total: Number(totals.n), last: totals.last };
}

/** Distinct public players seen in the series' counted public matches. */
export async function countCountedPlayers(db: DB, seriesId: number): Promise<number> {
  const row = await db
    .selectFrom('player_match_stats as s')
    .innerJoin('matches as m', 'm.id', 's.match_id')
    .innerJoin('players as p', 'p.steam_id', 's.steam_id')
    .select(sql<number>`count(distinct s.steam_id)::int`.as('n'))
    .where('m.series_id', '=', seriesId)
    .where('m.visibility', '=', 'public')
    .where('m.calculation_status', 'in', [...COUNTED])
    .where('p.visibility', '=', 'public')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The series' live, active teams that have played, with their ratings. */
export function listActiveRatedTeams(db: DB, seriesId: number) {
  return db
    .selectFrom('team_ratings as r')
    .innerJoin('teams as t', 't.id', 'r.team_id')
    .select(['t.tag', 't.name', 't.icon', 'r.mu', 'r.sigma', 'r.num_matches'])
    .where('r.series_id', '=', seriesId)
    .where('r.num_matches', '>', 0)
    .where('t.deleted_at', 'is', null)
    .where('t.inactive', '=', false)
    .execute();
}

/** Stores the statistics document of a series. */
export async function storeSeriesStatistics(db: DB, seriesId: number, data: unknown): Promise<void> {
  await db
    .insertInto('series_statistics')
    .values({ series_id: seriesId, data: json(data) })
    .onConflict((oc) => oc.column('series_id').doUpdateSet({ data: json(data), updated_at: sql`now()` }))
    .execute();
}
