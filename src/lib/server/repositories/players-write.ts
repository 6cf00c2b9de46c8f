import { sql, type RawBuilder } from 'kysely';
import type { DB } from '#lib/server/db/index.ts';
import type { PlayerMatchDetailsRow } from '#lib/server/db/tables/player-match-details.ts';
import type { PlayerMatchStatsRow } from '#lib/server/db/tables/player-match-stats.ts';

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

/** What a match writes about its players; see matchPlayerWrites. */
export interface MatchPlayerWrites {
  players: readonly SeenPlayer[];
  /** When the match was played. */
  seen: Date;
  /** True for a new report (times_seen grows); false for a re-parse of a match already counted. */
  count: boolean;
  /** The match's per-player rows (optional), as records or already serialised (e.g. by a worker thread). */
  stats?: readonly PlayerStatRecord[] | SerialisedStatRows;
}

/** Per-player rows as one JSON array: the column names (the rows' keys), the text and the number of rows. */
export interface SerialisedStatRows {
  columns: readonly string[];
  json: string;
  count: number;
}

function serialised(stats: readonly PlayerStatRecord[] | SerialisedStatRows = []): SerialisedStatRows {
  if ('json' in stats) return stats;
  return { columns: Object.keys(stats[0] ?? {}), json: JSON.stringify(stats), count: stats.length };
}

/** Columns of player_match_details besides its key (match_id, steam_id): the per-player JSON. */
export const DETAIL_COLUMNS = [
  'aliases',
  'weapons',
  'roles',
  'squads',
  'killers',
  'victims',
  'kill_events',
] as const satisfies readonly (keyof PlayerMatchDetailsRow)[];

const detailSet = new Set<string>(DETAIL_COLUMNS);
const statColumns = (columns: readonly string[]) => columns.filter((c) => !detailSet.has(c));
const detailColumns = (columns: readonly string[]) =>
  columns.filter((c) => c === 'match_id' || c === 'steam_id' || detailSet.has(c));

/** Inserts `columns` of the rows in the `sj` expression into `table`, match_id replaced by `matchId` if given. */
function insertFromRows(table: string, names: readonly string[], matchId?: RawBuilder<number>): RawBuilder<unknown> {
  const columns = sql.join(names.map((c) => sql.ref(c)));
  const values = sql.join(names.map((c) => (c === 'match_id' && matchId ? matchId : sql.ref(`r.${c}`))));
  return sql`insert into ${sql.table(table)} (${columns})
      select ${values} from jsonb_populate_recordset(null::${sql.table(table)}, (select rows from sj)) as r
      returning 1`;
}

/**
 * The common table expressions (`p`, `al` and, with stats, `sj`, `s` and `sd`) that write the players of one match, to put after
 * `with` in ONE statement (a report's players are at most a few hundred, so each list is one jsonb parameter):
 * - players: `name` follows the most recent match (matches may be reported out of order), first_seen/last_seen
 *   widen; rows go in steam_id order so that concurrent reports lock players in the same order;
 * - aliases: each (player, name) of the match; with `count` times_seen grows by one per match, without it only new
 *   aliases are added and dates widen;
 * - stats: the per-player rows expanded by jsonb_populate_recordset (~30 bind parameters per player made the
 *   embedded engine spend most of a report binding values), their numbers into player_match_stats and their JSON
 *   (DETAIL_COLUMNS) into player_match_details, from one parameter; `matchId`, when given, replaces their match_id
 *   (for a match inserted by an earlier expression of the same statement).
 * Foreign keys (to players, matches and the details' stats rows) are checked at the end of the statement, after
 * every row is in.
 */
export function matchPlayerWrites(writes: MatchPlayerWrites, matchId?: RawBuilder<number>): RawBuilder<unknown> {
  const rows = writes.players.map((p) => ({ steam_id: p.steamId, name: p.name })).sort(byId);
  const at = writes.seen.toISOString();
  const timesSeen = writes.count ? sql`player_aliases.times_seen + 1` : sql`player_aliases.times_seen`;
  const stats = serialised(writes.stats);
  const statsCte =
    stats.count === 0
      ? sql``
      : sql`, sj as (select ${stats.json}::jsonb as rows),
    s as (${insertFromRows('player_match_stats', statColumns(stats.columns), matchId)}),
    sd as (${insertFromRows('player_match_details', detailColumns(stats.columns), matchId)})`;
  return sql`p as (
      insert into players (steam_id, name, first_seen, last_seen)
      select r.steam_id, r.name, ${at}::timestamptz, ${at}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(steam_id text, name text)
      on conflict (steam_id) do update set
        name = case when excluded.last_seen >= players.last_seen then excluded.name else players.name end,
        first_seen = least(players.first_seen, excluded.first_seen),
        last_seen = greatest(players.last_seen, excluded.last_seen)
      returning 1),
    al as (
      insert into player_aliases (steam_id, name, first_seen, last_seen, times_seen)
      select r.steam_id, r.name, ${at}::timestamptz, ${at}::timestamptz, 1
      from jsonb_to_recordset(${JSON.stringify(aliasRows(writes.players))}::jsonb) as r(steam_id text, name text)
      on conflict (steam_id, name) do update set
        first_seen = least(player_aliases.first_seen, excluded.first_seen),
        last_seen = greatest(player_aliases.last_seen, excluded.last_seen),
        times_seen = ${timesSeen}
      returning 1)${statsCte}`;
}

/** Writes the players of one match in one statement (matchPlayerWrites); the stats carry their match_id. */
export async function upsertMatchPlayers(db: DB, writes: MatchPlayerWrites): Promise<void> {
  const stats = writes.stats ?? [];
  if (writes.players.length === 0 && ('json' in stats ? stats.count : stats.length) === 0) return;
  await sql`with ${matchPlayerWrites(writes)} select 1`.execute(db);
}

/** A complete player_match_stats row with its player_match_details columns as plain values (not JSON text). */
export type PlayerStatRecord = PlayerMatchStatsRow & { [K in (typeof DETAIL_COLUMNS)[number]]: unknown };

/** Removes every per-player row of a match, details included (before a re-parse rewrites them). */
export async function deletePlayerStats(db: DB, matchId: number): Promise<void> {
  await db.deleteFrom('player_match_stats').where('match_id', '=', matchId).execute();
}
