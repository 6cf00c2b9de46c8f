import { sql } from 'kysely';
import type { DB } from '../db/index.ts';
import type { PlayerMatchStatsRow } from '../db/tables/player-match-stats.ts';

export interface SeenPlayer {
  steamId: string;
  /** The name the player had at the end of the match. */
  name: string;
  /** Every name the player used in the match. */
  aliases: string[];
}

function byId<T extends { steam_id: string; name: string }>(a: T, b: T): number {
  return a.steam_id < b.steam_id ? -1 : a.steam_id > b.steam_id ? 1 : a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

function aliasRows(players: readonly SeenPlayer[]): { steam_id: string; name: string }[] {
  const rows: { steam_id: string; name: string }[] = [];
  for (const player of players) {
    for (const name of new Set([...player.aliases, player.name])) rows.push({ steam_id: player.steamId, name });
  }
  return rows.sort(byId);
}

/**
 * Writes the players of one match played at `seen` in ONE statement (a report's players are at most a few
 * hundred, so each list travels as one jsonb parameter):
 * - players: `name` follows the most recent match (matches may be reported out of order), first_seen/last_seen
 *   widen; rows go in steam_id order so that concurrent reports lock players in the same order;
 * - aliases: each (player, name) of the match; with `count` (a new report) times_seen grows by one per match,
 *   without it (a re-parse of a match already counted) only new aliases are added and dates widen;
 * - `stats` (optional): the match's per-player rows, as ONE jsonb parameter expanded by jsonb_populate_recordset
 *   (~30 bind parameters per player made the embedded engine spend most of a report binding values).
 * The foreign keys to players are checked at the end of the statement, after the players are in.
 */
export async function upsertMatchPlayers(
  db: DB,
  players: readonly SeenPlayer[],
  seen: Date,
  options: { count: boolean; stats?: readonly PlayerStatRecord[] },
): Promise<void> {
  if (players.length === 0 && !options.stats?.length) return;
  const rows = players.map((p) => ({ steam_id: p.steamId, name: p.name })).sort(byId);
  const at = seen.toISOString();
  const timesSeen = options.count ? sql`player_aliases.times_seen + 1` : sql`player_aliases.times_seen`;
  const stats = options.stats ?? [];
  const columns = sql.join(Object.keys(stats[0] ?? {}).map((c) => sql.ref(c)));
  const statsCte = stats.length === 0 ? sql`` : sql`, s as (
      insert into player_match_stats (${columns})
      select ${columns} from jsonb_populate_recordset(null::player_match_stats, ${JSON.stringify(stats)}::jsonb)
      returning 1)`;
  await sql`with p as (
      insert into players (steam_id, name, first_seen, last_seen)
      select r.steam_id, r.name, ${at}::timestamptz, ${at}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(steam_id text, name text)
      on conflict (steam_id) do update set
        name = case when excluded.last_seen >= players.last_seen then excluded.name else players.name end,
        first_seen = least(players.first_seen, excluded.first_seen),
        last_seen = greatest(players.last_seen, excluded.last_seen)
      returning 1)${statsCte}
    insert into player_aliases (steam_id, name, first_seen, last_seen, times_seen)
    select r.steam_id, r.name, ${at}::timestamptz, ${at}::timestamptz, 1
    from jsonb_to_recordset(${JSON.stringify(aliasRows(players))}::jsonb) as r(steam_id text, name text)
    on conflict (steam_id, name) do update set
      first_seen = least(player_aliases.first_seen, excluded.first_seen),
      last_seen = greatest(player_aliases.last_seen, excluded.last_seen),
      times_seen = ${timesSeen}`.execute(db);
}

/** A complete player_match_stats row with its jsonb columns as plain values (not JSON text). */
export type PlayerStatRecord = {
  [K in keyof PlayerMatchStatsRow]: K extends 'aliases' | 'weapons' | 'roles' | 'squads' | 'killers' | 'victims' | 'kill_events'
    ? unknown
    : PlayerMatchStatsRow[K];
};

/** Removes every per-player row of a match (before a re-parse rewrites them). */
export async function deletePlayerStats(db: DB, matchId: number): Promise<void> {
  await db.deleteFrom('player_match_stats').where('match_id', '=', matchId).execute();
}
