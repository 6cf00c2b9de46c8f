/**
 * The bulk load of the demo community's reported matches (services/demo/load.ts): the rows that reporting and
 * deciding each match through the services would leave, as binary COPY data (db/copy.ts) built off the event loop,
 * and the statements that load them. Column lists name every column those services write; the others keep their
 * defaults, as they do there.
 */
import { sql } from 'kysely';
import { binaryRows, copyIn, type CopyType } from '#lib/server/db/copy.ts';
import type { DB } from '#lib/server/db/index.ts';

/** A table's COPY: its columns with their types, in the order of the encoded rows. */
interface CopyTable<Row> {
  table: string;
  columns: readonly (readonly [keyof Row & string, CopyType])[];
}

const statement = <Row>(t: CopyTable<Row>) =>
  `copy ${t.table} (${t.columns.map(([c]) => c).join(', ')}) from stdin with (format binary)`;
const encode = <Row>(t: CopyTable<Row>, rows: readonly Row[]) =>
  binaryRows(
    t.columns.map(([, type]) => type),
    rows,
    (row) => t.columns.map(([c]) => row[c] ?? null) as never,
  );

export interface DemoUploadRow {
  id: number;
  sha256: string;
  path: string;
  filename: string;
  format: string;
  size_bytes: number;
  content: Uint8Array;
  uploaded_by_user_id: number | null;
  uploaded_by_team_id: number | null;
}

/** A reported match as its report and decision left it (JSON columns as JSON text). */
export interface DemoMatchRow {
  id: number;
  series_id: number;
  title: string | null;
  type: string;
  tournament_id: number | null;
  map: string;
  date: Date;
  duration: number;
  result: string;
  victor_side: string | null;
  winner_tag: string;
  loser_tag: string;
  winner_team_id: number | null;
  loser_team_id: number | null;
  calculation_status: string;
  visibility: string;
  submitted_by_tag: string | null;
  submitted_by_username: string | null;
  submitted_by_team_id: number | null;
  submitted_by_user_id: number | null;
  cap_flips: string;
  gamemode: string | null;
  kill_statistics: string | null;
  url: string | null;
  log_upload_id: number;
  log_format: string;
  log_match_index: number;
  source: string;
  import_key: string | null;
  approved_by_user_id: number | null;
  approved_at: Date | null;
  disputed_by_user_id: number | null;
  disputed_at: Date | null;
  report_overrides: string | null;
  game_key: string | null;
}

/** An audit entry (before and after as JSON text). */
export interface DemoAuditRow {
  id: number;
  actor_user_id: number | null;
  actor_team_id: number | null;
  actor_label: string;
  action: string;
  entity_type: string;
  entity_id: string;
  before: string;
  after: string;
}

/** A player's line of one match (player_match_stats), as the report's rows hold it. */
export type DemoStatRow = Record<string, unknown>;

const UPLOADS: CopyTable<DemoUploadRow> = {
  table: 'log_uploads',
  columns: [
    ['id', 'int4'],
    ['sha256', 'text'],
    ['path', 'text'],
    ['filename', 'text'],
    ['format', 'text'],
    ['size_bytes', 'int4'],
    ['content', 'bytea'],
    ['uploaded_by_user_id', 'int4'],
    ['uploaded_by_team_id', 'int4'],
  ],
};

const MATCHES: CopyTable<DemoMatchRow> = {
  table: 'matches',
  columns: [
    ['id', 'int4'],
    ['series_id', 'int4'],
    ['title', 'text'],
    ['type', 'text'],
    ['tournament_id', 'int4'],
    ['map', 'text'],
    ['date', 'timestamptz'],
    ['duration', 'int4'],
    ['result', 'text'],
    ['victor_side', 'text'],
    ['winner_tag', 'text'],
    ['loser_tag', 'text'],
    ['winner_team_id', 'int4'],
    ['loser_team_id', 'int4'],
    ['calculation_status', 'text'],
    ['visibility', 'text'],
    ['submitted_by_tag', 'text'],
    ['submitted_by_username', 'text'],
    ['submitted_by_team_id', 'int4'],
    ['submitted_by_user_id', 'int4'],
    ['cap_flips', 'jsonb'],
    ['gamemode', 'text'],
    ['kill_statistics', 'jsonb'],
    ['url', 'text'],
    ['log_upload_id', 'int4'],
    ['log_format', 'text'],
    ['log_match_index', 'int4'],
    ['source', 'text'],
    ['import_key', 'text'],
    ['approved_by_user_id', 'int4'],
    ['approved_at', 'timestamptz'],
    ['disputed_by_user_id', 'int4'],
    ['disputed_at', 'timestamptz'],
    ['report_overrides', 'jsonb'],
    ['game_key', 'text'],
  ],
};

const AUDIT: CopyTable<DemoAuditRow> = {
  table: 'audit_log',
  columns: [
    ['id', 'int4'],
    ['actor_user_id', 'int4'],
    ['actor_team_id', 'int4'],
    ['actor_label', 'text'],
    ['action', 'text'],
    ['entity_type', 'text'],
    ['entity_id', 'text'],
    ['before', 'jsonb'],
    ['after', 'jsonb'],
  ],
};

// The numbers and names of a player's line; the per-player JSON goes to player_match_details.
const STATS: CopyTable<DemoStatRow> = {
  table: 'player_match_stats',
  columns: [
    ['match_id', 'int4'],
    ['steam_id', 'text'],
    ['team_id', 'int4'],
    ['side', 'text'],
    ['name', 'text'],
    ['playtime', 'float8'],
    ['kills', 'int4'],
    ['deaths', 'int4'],
    ['teamkills', 'int4'],
    ['suicides', 'int4'],
    ['kpm', 'float8'],
    ['dpm', 'float8'],
    ['cpm', 'float8'],
    ['spm', 'float8'],
    ['max_streak', 'int4'],
    ['combat_points', 'int4'],
    ['offensive_points', 'int4'],
    ['defensive_points', 'int4'],
    ['support_points', 'int4'],
    ['streamer', 'text'],
    ['side_percentile', 'float8'],
    ['all_percentile', 'float8'],
  ],
};

/** The per-player JSON of a line, each column as JSON text. */
const DETAILS: CopyTable<DemoStatRow> = {
  table: 'player_match_details',
  columns: [
    ['match_id', 'int4'],
    ['steam_id', 'text'],
    ['aliases', 'jsonb'],
    ['weapons', 'jsonb'],
    ['roles', 'jsonb'],
    ['squads', 'jsonb'],
    ['killers', 'jsonb'],
    ['victims', 'jsonb'],
    ['kill_events', 'jsonb'],
  ],
};

const DETAIL_JSON = DETAILS.columns.slice(2).map(([c]) => c);

/** A player as a run of reports leaves them (players table): the name of their latest match, first and last seen. */
export interface SeenPlayerRow {
  steam_id: string;
  name: string;
  first_seen: Date;
  last_seen: Date;
}

/** A player's name as a run of reports counts it (player_aliases): in how many of its matches it was used. */
export interface SeenAliasRow extends SeenPlayerRow {
  times_seen: number;
}

/** A chunk of reported matches as COPY data, in the order it loads (foreign keys: uploads before matches...). */
export interface DemoCopyData {
  uploads: Uint8Array;
  matches: Uint8Array;
  stats: Uint8Array;
  details: Uint8Array;
  audit: Uint8Array;
}

/** Encodes a chunk's rows for loadDemoRows (pure: runs on a worker thread). */
export function encodeDemoRows(rows: {
  uploads: readonly DemoUploadRow[];
  matches: readonly DemoMatchRow[];
  stats: readonly DemoStatRow[];
  audit: readonly DemoAuditRow[];
}): DemoCopyData {
  const details = rows.stats.map((line) => {
    const out: DemoStatRow = { match_id: line['match_id'], steam_id: line['steam_id'] };
    for (const c of DETAIL_JSON) out[c] = JSON.stringify(line[c]);
    return out;
  });
  return {
    uploads: encode(UPLOADS, rows.uploads),
    matches: encode(MATCHES, rows.matches),
    stats: encode(STATS, rows.stats),
    details: encode(DETAILS, details),
    audit: encode(AUDIT, rows.audit),
  };
}

// A worker's Uint8Array arrives as such; the dialects recognise COPY data as a Buffer.
const asBuffer = (data: Uint8Array) => Buffer.from(data.buffer, data.byteOffset, data.byteLength);

/**
 * Loads a chunk of reported matches (the COPY data); the players of its lines must be stored (upsertSeenPlayers).
 */
export async function loadDemoRows(db: DB, data: DemoCopyData): Promise<void> {
  await copyIn(db, statement(UPLOADS), asBuffer(data.uploads));
  await copyIn(db, statement(MATCHES), asBuffer(data.matches));
  await copyIn(db, statement(STATS), asBuffer(data.stats));
  await copyIn(db, statement(DETAILS), asBuffer(data.details));
  await copyIn(db, statement(AUDIT), asBuffer(data.audit));
}

/**
 * Adds players and names seen in a run of matches as reporting them one by one would (players-write.ts
 * matchPlayerWrites): a player's name is that of their latest match (ties: the later report), first and last seen
 * widen; a name's times_seen grows by the matches it was used in. A player's row may be given again with the fold of
 * a longer run that includes it (the rule gives the same row); a name must be given once.
 */
export async function upsertSeenPlayers(
  db: DB,
  players: readonly SeenPlayerRow[],
  aliases: readonly SeenAliasRow[],
): Promise<void> {
  if (players.length === 0 && aliases.length === 0) return;
  const text = (rows: readonly SeenPlayerRow[]) =>
    JSON.stringify(
      rows.map((r) => ({ ...r, first_seen: r.first_seen.toISOString(), last_seen: r.last_seen.toISOString() })),
    );
  await sql`with p as (
      insert into players (steam_id, name, first_seen, last_seen)
      select r.steam_id, r.name, r.first_seen, r.last_seen
      from jsonb_to_recordset(${text(players)}::jsonb)
        as r(steam_id text, name text, first_seen timestamptz, last_seen timestamptz)
      on conflict (steam_id) do update set
        name = case when excluded.last_seen >= players.last_seen then excluded.name else players.name end,
        first_seen = least(players.first_seen, excluded.first_seen),
        last_seen = greatest(players.last_seen, excluded.last_seen)
      returning 1)
    insert into player_aliases (steam_id, name, first_seen, last_seen, times_seen)
    select r.steam_id, r.name, r.first_seen, r.last_seen, r.times_seen
    from jsonb_to_recordset(${text(aliases)}::jsonb)
      as r(steam_id text, name text, first_seen timestamptz, last_seen timestamptz, times_seen int)
    on conflict (steam_id, name) do update set
      first_seen = least(player_aliases.first_seen, excluded.first_seen),
      last_seen = greatest(player_aliases.last_seen, excluded.last_seen),
      times_seen = player_aliases.times_seen + excluded.times_seen`.execute(db);
}

/** The tables a load writes: their foreign keys are what an unchecked load checks at its end. */
const LOADED_TABLES = [
  'log_uploads',
  'matches',
  'player_match_stats',
  'player_match_details',
  'audit_log',
  'player_aliases',
];

/**
 * Starts a load without per-row triggers in the caller's transaction, when the database user may (a superuser:
 * always on PGlite): the foreign keys' per-row checks cost most of a COPY of the lines (each row's check is a query
 * of its own), and finishUncheckedLoad checks the same keys over the loaded tables at once. Returns whether it did;
 * if not, the load runs checked, as any write does, and needs no finishing.
 */
export async function startUncheckedLoad(trx: DB): Promise<boolean> {
  const { rows } = await sql<{ superuser: string }>`select current_setting('is_superuser') as superuser`.execute(trx);
  if (rows[0]?.superuser !== 'on') return false;
  // Local to the transaction: a failed load rolls the setting back with its rows.
  await sql`set local session_replication_role = replica`.execute(trx);
  return true;
}

/**
 * What the matches' insert trigger does (migration 0018), for matches loaded without triggers: queues for rating
 * those of `matchIds` that are queued, in id order (the order the trigger sees them when they are loaded by id).
 */
export async function queueLoadedMatches(trx: DB, matchIds: readonly number[]): Promise<void> {
  if (matchIds.length === 0) return;
  await sql`insert into rating_queue (series_id, match_id)
    select series_id, id from matches where id = any(${[...matchIds]}::int[]) and calculation_status = 'queued'
    order by id`.execute(trx);
}

/**
 * Ends a load started by startUncheckedLoad: triggers fire again, and every foreign key of the loaded tables is
 * checked over all their rows in one query (a row whose parent is missing throws, naming the key, and the caller's
 * transaction rolls the load back).
 */
export async function finishUncheckedLoad(trx: DB): Promise<void> {
  await sql`set local session_replication_role = origin`.execute(trx);
  const { rows: keys } = await sql<{ name: string; child: string; parent: string; columns: string[]; refs: string[] }>`
    select c.conname as name, cr.relname as child, pr.relname as parent,
      array(select a.attname::text from unnest(c.conkey) with ordinality k(num, i)
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.num order by k.i) as columns,
      array(select a.attname::text from unnest(c.confkey) with ordinality k(num, i)
        join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.num order by k.i) as refs
    from pg_constraint c
    join pg_class cr on cr.oid = c.conrelid
    join pg_class pr on pr.oid = c.confrelid
    where c.contype = 'f' and cr.relnamespace = current_schema()::regnamespace and cr.relname = any(${LOADED_TABLES})
    order by c.conname`.execute(trx);
  if (keys.length === 0) return;
  // A key with a null column references nothing (MATCH SIMPLE, the default).
  const broken = keys.map(
    (k) => sql<{ name: string }>`select ${k.name}::text as name where exists (
      select 1 from ${sql.table(k.child)} c
      where ${sql.join(
        k.columns.map((col) => sql`c.${sql.ref(col)} is not null`),
        sql` and `,
      )}
      and not exists (select 1 from ${sql.table(k.parent)} p where ${sql.join(
        k.columns.map((col, i) => sql`p.${sql.ref(k.refs[i]!)} = c.${sql.ref(col)}`),
        sql` and `,
      )}))`,
  );
  const { rows } = await sql<{ name: string }>`${sql.join(broken, sql` union all `)}`.execute(trx);
  if (rows.length > 0) throw new Error(`The bulk load broke foreign keys: ${rows.map((r) => r.name).join(', ')}`);
}

/** Takes `count` values of the id sequence of `table`'s serial `id`, in the order they were taken. */
export async function reserveIds(
  db: DB,
  table: 'matches' | 'log_uploads' | 'audit_log',
  count: number,
): Promise<number[]> {
  if (count === 0) return [];
  const { rows } = await sql<{ id: number }>`select nextval(pg_get_serial_sequence(${table}, 'id'))::int as id
    from generate_series(1, ${count}::int) order by 1`.execute(db);
  return rows.map((r) => r.id);
}
