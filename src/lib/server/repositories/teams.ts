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

/** The tags of the teams with these ids, alphabetically. */
export async function listTeamTags(db: DB, teamIds: number[]): Promise<string[]> {
  const rows = await db.selectFrom('teams').select('tag').where('id', 'in', teamIds).orderBy('tag').execute();
  return rows.map((row) => row.tag);
}
