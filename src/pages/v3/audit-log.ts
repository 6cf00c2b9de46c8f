import { endpoint, jsonResponse } from '#lib/server/http/answers/respond.ts';
import { readQuery } from '#lib/server/http/answers/request.ts';
import { getDb } from '#lib/server/app.ts';
import { requireAdmin } from '#lib/server/auth/guards.ts';
import { auditQuerySchema } from '#lib/schemas/audit.ts';
import { readAuditLog } from '#lib/server/services/audit-log.ts';

/** The audit log, newest first (admin only): {entries, meta: {count, offset, total_count}}. */
export const GET = endpoint(async ({ locals, url }) => {
  requireAdmin(locals.actor);
  return jsonResponse(await readAuditLog(await getDb(), locals.actor, readQuery(url, auditQuerySchema)));
});
