import type { DB } from '#lib/server/db/index.ts';
import type { Actor } from '#lib/server/auth/actor.ts';
import type { AuditLog } from '#lib/schemas/audit.ts';
import { requireAdmin } from '#lib/server/auth/guards.ts';

/** A page of the audit log, newest first (admin only). */
export async function readAuditLog(db: DB, actor: Actor, page: { offset: number; limit: number }): Promise<AuditLog> {
  requireAdmin(actor);
  const [rows, total] = await Promise.all([
    db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').offset(page.offset).limit(page.limit).execute(),
    db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    entries: rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      actor: row.actor_label,
      actor_user_id: row.actor_user_id,
      actor_team_id: row.actor_team_id,
      action: row.action,
      entity_type: row.entity_type,
      entity_id: row.entity_id,
      before: row.before,
      after: row.after,
    })),
    meta: { count: rows.length, offset: page.offset, total_count: Number(total.n) },
  };
}
