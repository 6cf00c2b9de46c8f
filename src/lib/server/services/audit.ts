import type { DB } from '#lib/server/db/index.ts';
import { actorLabel, type Actor } from '#lib/server/auth/actor.ts';
import { json } from '#lib/server/db/json.ts';

/**
 * Records an admin or manager action: who, what, when, and the entity before and after.
 * Call it inside the same transaction as the change so that the log never disagrees with the data.
 */
export async function audit(
  db: DB,
  actor: Actor,
  action: string,
  entity: { type: string; id: string | number | null },
  before: unknown = null,
  after: unknown = null,
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_user_id: actor.kind === 'user' ? actor.userId : null,
      actor_team_id: actor.kind === 'team-key' ? actor.teamId : null,
      actor_label: actorLabel(actor),
      action,
      entity_type: entity.type,
      entity_id: entity.id === null ? null : String(entity.id),
      before: json(before),
      after: json(after),
    })
    .execute();
}
