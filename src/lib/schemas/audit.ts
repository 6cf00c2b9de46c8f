import { z } from 'zod';

/** One audit log entry: who did what to which entity, when, with the entity before and after. */
export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  actor: z.string(),
  actor_user_id: z.number().nullable(),
  actor_team_id: z.number().nullable(),
  action: z.string(),
  entity_type: z.string(),
  entity_id: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogSchema = z.object({
  entries: z.array(auditEntrySchema),
  meta: z.object({ count: z.number(), offset: z.number(), total_count: z.number() }),
});
export type AuditLog = z.infer<typeof auditLogSchema>;

const intParam = z
  .string()
  .regex(/^\d{1,9}$/, 'must be a non-negative integer')
  .transform(Number);

/** GET /v3/audit-log?offset&limit (limit 1-200, default 50). */
export const auditQuerySchema = z.object({
  offset: intParam.optional().transform((v) => v ?? 0),
  limit: intParam
    .pipe(z.number().min(1, 'must be at least 1').max(200, 'must be at most 200'))
    .optional()
    .transform((v) => v ?? 50),
});
