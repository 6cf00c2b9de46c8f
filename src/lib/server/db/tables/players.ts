import type { Generated, Selectable, Insertable } from 'kysely';
import type { Visibility } from './matches.ts';

export interface PlayersTable {
  /** 17-digit SteamID64 or 32-hex EOS id. */
  steam_id: string;
  /** Last seen name. */
  name: string;
  /** Chosen by the owner or an admin (change_primary_name); shown instead of `name` when set. */
  primary_name: string | null;
  visibility: Generated<Visibility>;
  first_seen: Date;
  last_seen: Date;
  /** Hidden true strength of a generated demo player. */
  true_strength: number | null;
}
export type PlayerRow = Selectable<PlayersTable>;
export type NewPlayer = Insertable<PlayersTable>;
