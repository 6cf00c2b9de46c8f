import { isExpression, sql, type RawBuilder } from 'kysely';
import type { DB } from '#lib/server/db/index.ts';
import { actorLabel, type Actor } from '#lib/server/auth/actor.ts';
import { jsonText } from '#lib/server/db/json-text.ts';

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
      before: jsonText(before),
      after: jsonText(after),
    })
    .execute();
}

/**
 * The audit entry of `audit` as an expression of a larger statement (a change and its entry in one round trip): it
 * records the entry once for each row of `source`, an earlier expression of the same statement (`with source as
 * (update ... returning id)`), whose `id` is the entity's id. No row, no entry: a change that matched nothing is
 * not logged. `before` may be an SQL expression over `source`'s row (what it was, known only to the statement).
 */
export function auditEach(
  source: string,
  actor: Actor,
  action: string,
  entityType: string,
  before: unknown = null,
  after: unknown = null,
): RawBuilder<unknown> {
  // INSERT ... SELECT gives its parameters no column types: each is cast to its column's.
  return sql`insert into audit_log
      (actor_user_id, actor_team_id, actor_label, action, entity_type, entity_id, before, after)
    select ${actor.kind === 'user' ? actor.userId : null}::int, ${actor.kind === 'team-key' ? actor.teamId : null}::int,
      ${actorLabel(actor)}::text, ${action}::text, ${entityType}::text, ${sql.ref(`${source}.id`)}::text,
      ${isExpression(before) ? before : jsonText(before)}::jsonb, ${jsonText(after)}::jsonb
    from ${sql.table(source)}`;
}
