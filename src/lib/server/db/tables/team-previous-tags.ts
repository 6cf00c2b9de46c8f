import type { Generated, Selectable } from 'kysely';

export interface TeamPreviousTagsTable {
  id: Generated<number>;
  team_id: number;
  tag: string;
  until: Date;
}
export type TeamPreviousTagRow = Selectable<TeamPreviousTagsTable>;
