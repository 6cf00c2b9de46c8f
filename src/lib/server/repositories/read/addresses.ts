import { sql } from 'kysely';
import type { DB } from '#lib/server/db/index.ts';
import type { TeamRow } from '#lib/server/db/tables/teams.ts';
import { findTeamByTag } from '#lib/server/repositories/teams-write.ts';

/**
 * The tag of the series a match belongs to, or undefined when no match has this id. A match id is global: this is
 * what lets a shared match link find its series whatever series the link names.
 */
export async function findMatchSeriesTag(db: DB, matchId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('matches as m')
    .innerJoin('series as s', 's.id', 'm.series_id')
    .select('s.tag')
    .where('m.id', '=', matchId)
    .executeTakeFirst();
  return row?.tag;
}

/**
 * The tags of the teams (by id), by tag, each with the series (by tag) in which it has a rating row, newest series
 * first: the user menu's My Teams links, in one round trip.
 */
export async function listTeamTagsWithSeries(
  db: DB,
  teamIds: readonly number[],
): Promise<{ tag: string; series: string[] }[]> {
  if (teamIds.length === 0) return [];
  return db
    .selectFrom('teams as t')
    .select('t.tag')
    .select(
      sql<string[]>`(select coalesce(json_agg(s.tag order by s.created_at desc, s.id desc), '[]'::json)
        from team_ratings r join series s on s.id = r.series_id where r.team_id = t.id)`.as('series'),
    )
    .where('t.id', 'in', [...teamIds])
    .orderBy('t.tag')
    .execute();
}

/**
 * findTeamByTag for a team page: the live team with this tag (case-insensitive) and the series (by tag, newest first)
 * in which it has a rating row, in one round trip; an old tag finds the team as findTeamByTag does (its page is a
 * redirect, so no series are read for it).
 */
export async function findTeamWithSeries(db: DB, tag: string): Promise<(TeamRow & { series: string[] }) | undefined> {
  const current = await db
    .selectFrom('teams as t')
    .selectAll('t')
    .select(
      sql<string[]>`(select coalesce(json_agg(s.tag order by s.created_at desc, s.id desc), '[]'::json)
        from team_ratings r join series s on s.id = r.series_id where r.team_id = t.id)`.as('series'),
    )
    .where((eb) => eb(eb.fn('lower', ['t.tag']), '=', tag.toLowerCase()))
    .where('t.deleted_at', 'is', null)
    .executeTakeFirst();
  if (current) return current;
  const previous = await findTeamByTag(db, tag);
  return previous && { ...previous, series: [] };
}
