import type { Generated, Selectable } from 'kysely';
import type { Json } from './json.ts';

export interface AuditLogTable {
  id: Generated<number>;
  at: Generated<Date>;
  actor_user_id: number | null;
  actor_team_id: number | null;
  actor_label: string;
  action: string;
  entity_type: string;
  entity_id: string | null;
  before: Json | null;
  after: Json | null;
}
export type AuditLogRow = Selectable<AuditLogTable>;
