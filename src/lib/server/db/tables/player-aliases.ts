import type { Generated, Selectable } from 'kysely';

export interface PlayerAliasesTable {
  steam_id: string;
  name: string;
  first_seen: Date;
  last_seen: Date;
  times_seen: Generated<number>;
}
export type PlayerAliasRow = Selectable<PlayerAliasesTable>;
