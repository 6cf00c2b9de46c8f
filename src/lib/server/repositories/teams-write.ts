import { sql, type RawBuilder } from 'kysely';
import type { DB } from '#lib/server/db/index.ts';
import type { TeamRow } from '#lib/server/db/tables/teams.ts';

/**
 * The live team with this tag (case-insensitive); an old tag still finds the team that carried it,
 * the most recent holder first.
 */
export async function findTeamByTag(db: DB, tag: string): Promise<TeamRow | undefined> {
  const lower = tag.toLowerCase();
  const current = await db
    .selectFrom('teams')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['tag']), '=', lower))
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (current) return current;
  return db
    .selectFrom('team_previous_tags')
    .innerJoin('teams', 'teams.id', 'team_previous_tags.team_id')
    .selectAll('teams')
    .where((eb) => eb(eb.fn('lower', ['team_previous_tags.tag']), '=', lower))
    .where('teams.deleted_at', 'is', null)
    .orderBy('team_previous_tags.until', 'desc')
    .executeTakeFirst();
}

/**
 * findTeamByTag for several tags in one query, as rows to select from (matches-write.ts findReportContext): the id and
 * current tag of each tag's team, `ord` being the tag's 1-based position in `tags`; a tag without a team has no row.
 */
export function teamRefRows(tags: readonly string[]): RawBuilder<{ ord: number; id: number; tag: string }> {
  return sql`select q.ord::int as ord, t.id, t.tag
    from jsonb_array_elements_text(${JSON.stringify(tags.map((tag) => tag.toLowerCase()))}::jsonb)
      with ordinality as q(tag, ord)
    cross join lateral (
      select c.id, c.tag from (
        select teams.id, teams.tag, 0 as rank, null::timestamptz as until from teams
          where lower(teams.tag) = q.tag and teams.deleted_at is null
        union all
        select teams.id, teams.tag, 1, p.until from team_previous_tags p join teams on teams.id = p.team_id
          where lower(p.tag) = q.tag and teams.deleted_at is null) as c
      order by c.rank, c.until desc
      limit 1) as t`;
}

/** teamRefRows' rows in the order of `tags`: each tag's team (its id and current tag), or undefined. */
export function teamRefsInOrder(
  tags: readonly string[],
  rows: readonly { ord: number; id: number; tag: string }[],
): ({ id: number; tag: string } | undefined)[] {
  return tags.map((_, i) => {
    const row = rows.find((r) => r.ord === i + 1);
    return row && { id: row.id, tag: row.tag };
  });
}

/** Inserts a team. */
export function insertTeam(
  db: DB,
  values: {
    tag: string;
    name: string;
    icon?: string | null | undefined;
    invite?: string | null | undefined;
    discord_role_id?: string | null | undefined;
  },
): Promise<TeamRow> {
  return db
    .insertInto('teams')
    .values({
      tag: values.tag,
      name: values.name,
      icon: values.icon ?? null,
      invite: values.invite ?? null,
      discord_role_id: values.discord_role_id ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Gives the team a rating row in the series (the series' initial mu and sigma) unless it has one. */
export async function ensureTeamRating(db: DB, seriesId: number, teamId: number): Promise<void> {
  const series = await db
    .selectFrom('series')
    .select(['rating_mu', 'rating_sigma'])
    .where('id', '=', seriesId)
    .executeTakeFirstOrThrow();
  await db
    .insertInto('team_ratings')
    .values({
      series_id: seriesId,
      team_id: teamId,
      mu: series.rating_mu,
      sigma: series.rating_sigma,
      last_updated: null,
      true_strength: null,
    })
    .onConflict((oc) => oc.columns(['series_id', 'team_id']).doNothing())
    .execute();
}
