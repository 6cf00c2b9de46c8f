import { sql } from 'kysely';
import type { DB } from '../db/index.ts';

/** A player seen in a batch of matches: name as of the latest match, and the span of dates. */
export interface BatchPlayer {
  steam_id: string;
  name: string;
  first_seen: Date;
  last_seen: Date;
}

/** A (player, alias) seen in a batch, with how many matches of the batch it appeared in. */
export interface BatchAlias extends BatchPlayer {
  times_seen: number;
}

/** Upserts a batch of players (each steam_id once) the way reports do: the latest name wins, dates widen. */
export async function upsertPlayerBatch(db: DB, players: readonly BatchPlayer[]): Promise<void> {
  for (let i = 0; i < players.length; i += 2000) {
    const data = JSON.stringify(players.slice(i, i + 2000));
    await sql`
      insert into players (steam_id, name, first_seen, last_seen)
      select v.steam_id, v.name, v.first_seen, v.last_seen
      from jsonb_to_recordset(${data}::jsonb) as v(steam_id text, name text, first_seen timestamptz, last_seen timestamptz)
      on conflict (steam_id) do update set
        name = case when excluded.last_seen >= players.last_seen then excluded.name else players.name end,
        first_seen = least(players.first_seen, excluded.first_seen),
        last_seen = greatest(players.last_seen, excluded.last_seen)`.execute(db);
  }
}

/** Upserts a batch of aliases (each (steam_id, name) once), adding the batch's times_seen. */
export async function upsertAliasBatch(db: DB, aliases: readonly BatchAlias[]): Promise<void> {
  for (let i = 0; i < aliases.length; i += 2000) {
    const data = JSON.stringify(aliases.slice(i, i + 2000));
    await sql`
      insert into player_aliases (steam_id, name, first_seen, last_seen, times_seen)
      select v.steam_id, v.name, v.first_seen, v.last_seen, v.times_seen
      from jsonb_to_recordset(${data}::jsonb) as v(steam_id text, name text, first_seen timestamptz,
        last_seen timestamptz, times_seen int)
      on conflict (steam_id, name) do update set
        first_seen = least(player_aliases.first_seen, excluded.first_seen),
        last_seen = greatest(player_aliases.last_seen, excluded.last_seen),
        times_seen = player_aliases.times_seen + excluded.times_seen`.execute(db);
  }
}

/** Sets the hidden true strength of players (demo data). */
export async function setPlayerTrueStrengths(db: DB, rows: readonly { steam_id: string; strength: number }[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 5000) {
    const data = JSON.stringify(rows.slice(i, i + 5000));
    await sql`
      update players p set true_strength = v.strength
      from jsonb_to_recordset(${data}::jsonb) as v(steam_id text, strength float8)
      where p.steam_id = v.steam_id`.execute(db);
  }
}

/** Sets a team's hidden true strength in every series it is rated in. */
export async function setTeamTrueStrength(db: DB, teamId: number, strength: number): Promise<void> {
  await db.updateTable('team_ratings').set({ true_strength: strength }).where('team_id', '=', teamId).execute();
}
