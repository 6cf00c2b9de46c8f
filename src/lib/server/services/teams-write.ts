import type { DB } from '#lib/server/db/index.ts';
import type { TeamRow } from '#lib/server/db/tables/teams.ts';
import type { Actor } from '#lib/server/auth/actor.ts';
import { teamNameSchema, teamTagSchema } from '#lib/schemas/team.ts';
import { badRequest, conflict, notFound } from '#lib/server/core/errors.ts';
import { messages } from '#lib/server/core/messages.ts';
import { ensureTeamRating, findTeamByTag, insertTeam } from '#lib/server/repositories/teams-write.ts';
import { requireSeries } from './series.ts';
import { audit } from './audit.ts';

/** The live team for `tag` (old tags resolve too); 404 HttpError when unknown. */
export async function requireTeam(db: DB, tag: string): Promise<TeamRow> {
  const team = await findTeamByTag(db, tag);
  if (!team) throw notFound(messages.teamNotFound(tag));
  return team;
}

export interface CreateTeamInput {
  tag: string;
  name: string;
  seriesTag: string;
  icon?: string | null | undefined;
  invite?: string | null | undefined;
  discord_role_id?: string | null | undefined;
}

/** Creates a team with a rating in the series; 400 for bad input, 409 when a live team holds the tag. */
export async function createTeam(db: DB, actor: Actor, input: CreateTeamInput): Promise<TeamRow> {
  const tag = teamTagSchema.safeParse(input.tag);
  if (!tag.success) throw badRequest(messages.invalidField('tag', tag.error.issues[0]?.message ?? 'invalid'));
  const name = teamNameSchema.safeParse(input.name);
  if (!name.success) throw badRequest(messages.invalidField('name', name.error.issues[0]?.message ?? 'invalid'));
  const series = await requireSeries(db, input.seriesTag);
  return db
    .transaction()
    .execute((trx) => createTeamIn(trx, actor, { ...input, tag: tag.data, name: name.data }, series));
}

/**
 * The body of createTeam for a caller that already holds a transaction (registration accept): checks the tag
 * is free (409), inserts the team with a rating in the series and audits. `input` must be validated.
 */
export async function createTeamIn(
  trx: DB,
  actor: Actor,
  input: CreateTeamInput,
  series: { id: number; tag: string },
): Promise<TeamRow> {
  const existing = await trx
    .selectFrom('teams')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['tag']), '=', input.tag.toLowerCase()))
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (existing) throw conflict(`A team with the tag '${input.tag}' already exists`);
  const team = await insertTeam(trx, input);
  await ensureTeamRating(trx, series.id, team.id);
  await audit(trx, actor, 'team.create', { type: 'team', id: team.id }, null, {
    tag: team.tag,
    name: team.name,
    series: series.tag,
  });
  return team;
}
