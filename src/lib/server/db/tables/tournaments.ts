import type { Generated, Selectable, Insertable, Updateable } from 'kysely';
import type { JsonWithDefault } from './json.ts';

export interface TournamentsTable {
  id: Generated<number>;
  tag: string;
  name: string;
  icon: string | null;
  invite: string | null;
  description: Generated<string>;
  event: Generated<boolean>;
  active: Generated<boolean>;
  series_id: number | null;
  starts_at: Date | null;
  ends_at: Date | null;
  /** Fields the spec passes through without naming them. */
  extra: JsonWithDefault<Record<string, unknown>>;
  created_at: Generated<Date>;
}
export type TournamentRow = Selectable<TournamentsTable>;
export type NewTournament = Insertable<TournamentsTable>;
export type TournamentUpdate = Updateable<TournamentsTable>;
