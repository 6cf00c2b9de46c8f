import type { DB } from '#lib/server/db/index.ts';
import { webUrl } from '#lib/schemas/web-url.ts';
import type { TeamRow } from '#lib/server/db/tables/teams.ts';
import type { Actor } from '#lib/server/auth/actor.ts';
import type { ManagedTeam, PatchTeamBody } from '#lib/schemas/team-input.ts';
import { requireAdmin, requireTeamManager } from '#lib/server/auth/guards.ts';
import { conflict } from '#lib/server/core/errors.ts';
import { messages } from '#lib/server/core/messages.ts';
import { requireSeries } from './series.ts';
import { requireTeam } from './teams-write.ts';
import { audit } from './audit.ts';

export function toManagedTeam(team: TeamRow): ManagedTeam {
  return {
    tag: team.tag,
    name: team.name,
    icon: webUrl(team.icon),
    invite: webUrl(team.invite),
    discord_role_id: team.discord_role_id,
    inactive: team.inactive,
  };
}

async function loadTeam(db: DB, seriesTag: string, tag: string): Promise<TeamRow> {
  await requireSeries(db, seriesTag);
  return requireTeam(db, tag);
}

/** Changes the fields present (the team's managers or an admin); 404 unknown series or team. */
export async function patchTeam(
  db: DB,
  actor: Actor,
  seriesTag: string,
  tag: string,
  input: PatchTeamBody,
): Promise<ManagedTeam> {
  const team = await loadTeam(db, seriesTag, tag);
  requireTeamManager(actor, team.id);
  const changes = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as PatchTeamBody;
  if (Object.keys(changes).length === 0) return toManagedTeam(team);
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('teams')
      .set(changes)
      .where('id', '=', team.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const before = Object.fromEntries(Object.keys(changes).map((key) => [key, team[key as keyof PatchTeamBody]]));
    await audit(trx, actor, 'team.update', { type: 'team', id: team.id }, before, changes);
    return toManagedTeam(updated);
  });
}

/**
 * Renames a team's tag (admin): the old tag is kept in team_previous_tags (until now) so that old links still
 * resolve; 409 when another live team holds the new tag.
 */
export async function changeTeamTag(
  db: DB,
  actor: Actor,
  seriesTag: string,
  tag: string,
  newTag: string,
): Promise<ManagedTeam> {
  requireAdmin(actor);
  const team = await loadTeam(db, seriesTag, tag);
  if (team.tag === newTag) return toManagedTeam(team);
  return db.transaction().execute(async (trx) => {
    const holder = await trx
      .selectFrom('teams')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['tag']), '=', newTag.toLowerCase()))
      .where('deleted_at', 'is', null)
      .where('id', '!=', team.id)
      .executeTakeFirst();
    if (holder) throw conflict(messages.teamTagTaken(newTag));
    await trx.insertInto('team_previous_tags').values({ team_id: team.id, tag: team.tag, until: new Date() }).execute();
    const updated = await trx
      .updateTable('teams')
      .set({ tag: newTag })
      .where('id', '=', team.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, actor, 'team.change_tag', { type: 'team', id: team.id }, { tag: team.tag }, { tag: newTag });
    return toManagedTeam(updated);
  });
}

/** Soft-deletes a team (admin): it disappears from lists and frees its tag; its matches stay. */
export async function deleteTeam(db: DB, actor: Actor, seriesTag: string, tag: string): Promise<void> {
  requireAdmin(actor);
  const team = await loadTeam(db, seriesTag, tag);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('teams').set({ deleted_at: new Date() }).where('id', '=', team.id).execute();
    await trx.deleteFrom('team_api_keys').where('team_id', '=', team.id).execute();
    await audit(trx, actor, 'team.delete', { type: 'team', id: team.id }, toManagedTeam(team), null);
  });
}
