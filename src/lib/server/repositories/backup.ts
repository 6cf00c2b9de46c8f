import { sql, type Kysely, type Transaction } from 'kysely';

/*
 * Catalogue and bulk row access for backups. Works on the live schema (whatever tables the applied migrations
 * made), not on the app's table types: a backup must carry every column, including ones a later version adds.
 * Rows travel as PostgreSQL's own JSON (row_to_json out, json_populate_recordset in), so every type (bytea as
 * hex, jsonb, timestamps, arrays, doubles with round-trip precision) converts the same way on both engines.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the live schema, not the app's types
type AnyDb = Kysely<any> | Transaction<any>;

/** The migration bookkeeping tables: restored by running the migrations, never copied. */
const MIGRATION_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

export interface BackupTable {
  name: string;
  /** Primary key columns, in key order: rows are dumped in this order so that a backup is deterministic. */
  keyColumns: string[];
  /** Columns filled from a sequence (serial), whose sequence is moved past the restored rows. */
  serialColumns: string[];
  /** Holds binary columns (stored log files, up to the upload limit each): read a few rows at a time. */
  wideRows: boolean;
}

const quote = (identifier: string) => sql.id(identifier);

/** Names of the migrations applied to the database, oldest first; [] when it was never migrated. */
export async function appliedMigrations(db: AnyDb): Promise<string[]> {
  const exists = await sql<{ found: boolean }>`select to_regclass('kysely_migration') is not null as found`.execute(db);
  if (!exists.rows[0]?.found) return [];
  const rows = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return rows.rows.map((r) => r.name);
}

/**
 * The application's tables in an order that satisfies their foreign keys (a table after every table it
 * references). Throws when the references form a cycle, which a plain ordered insert could not restore.
 */
export async function backupTables(db: AnyDb): Promise<BackupTable[]> {
  const tables = await sql<{ name: string }>`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind = 'r' order by c.relname`.execute(db);
  const names = tables.rows.map((t) => t.name).filter((name) => !MIGRATION_TABLES.has(name));
  const references = await sql<{ child: string; parent: string }>`
    select c.relname as child, p.relname as parent from pg_constraint k
    join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
    join pg_namespace n on n.oid = c.relnamespace
    where k.contype = 'f' and n.nspname = current_schema()`.execute(db);
  const keys = await sql<{ table: string; column: string }>`
    select c.relname as table, a.attname as column from pg_index i
    join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
    cross join lateral unnest(i.indkey) with ordinality as k(attnum, position)
    join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
    where i.indisprimary and n.nspname = current_schema() order by c.relname, k.position`.execute(db);
  const serials = await sql<{ table: string; column: string }>`
    select table_name as table, column_name as column from information_schema.columns
    where table_schema = current_schema() and column_default like 'nextval(%' order by table_name, column_name`.execute(
    db,
  );
  const binary = await sql<{ table: string; column: string }>`
    select table_name as table, column_name as column from information_schema.columns
    where table_schema = current_schema() and data_type = 'bytea'`.execute(db);
  const parents = new Map(names.map((name) => [name, new Set<string>()]));
  for (const r of references.rows) if (r.child !== r.parent) parents.get(r.child)?.add(r.parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < names.length) {
    const ready = names.filter((name) => !placed.has(name) && [...parents.get(name)!].every((p) => placed.has(p)));
    if (ready.length === 0) throw new Error('The tables reference each other in a cycle: they cannot be backed up');
    for (const name of ready) {
      ordered.push(name);
      placed.add(name);
    }
  }
  const columnsOf = (list: { table: string; column: string }[], table: string) =>
    list.filter((row) => row.table === table).map((row) => row.column);
  return ordered.map((name) => ({
    name,
    keyColumns: columnsOf(keys.rows, name),
    serialColumns: columnsOf(serials.rows, name),
    wideRows: columnsOf(binary.rows, name).length > 0,
  }));
}

/**
 * Calls `onChunk` with the rows of `table` as a JSON array text, `chunkSize` rows at a time, in key order.
 * Must run inside a transaction (it uses a cursor); run every table in one repeatable-read transaction for a
 * consistent backup.
 */
export async function readTableChunks(
  trx: AnyDb,
  table: BackupTable,
  chunkSize: number,
  onChunk: (rowsJson: string, count: number) => Promise<void>,
): Promise<number> {
  const order = table.keyColumns.length
    ? sql.join(table.keyColumns.map((column) => sql`t.${quote(column)}`))
    : sql`t.ctid`;
  await sql`declare hss_backup_rows no scroll cursor for
    select row_to_json(t)::text as row from ${quote(table.name)} t order by ${order}`.execute(trx);
  let total = 0;
  for (;;) {
    const chunk = await sql<{ row: string }>`fetch forward ${sql.raw(String(chunkSize))} from hss_backup_rows`.execute(
      trx,
    );
    if (chunk.rows.length === 0) break;
    total += chunk.rows.length;
    await onChunk(`[${chunk.rows.map((r) => r.row).join(',')}]`, chunk.rows.length);
  }
  await sql`close hss_backup_rows`.execute(trx);
  return total;
}

/** Inserts rows given as a JSON array text (as readTableChunks gives them) into `table`; returns how many. */
export async function insertRowsJson(trx: AnyDb, table: string, rowsJson: string): Promise<number> {
  const result = await sql`insert into ${quote(table)}
    select * from json_populate_recordset(null::${quote(table)}, ${rowsJson}::json)`.execute(trx);
  return Number(result.numAffectedRows ?? -1);
}

/** Moves each serial column's sequence past the largest value restored, so new rows get fresh ids. */
export async function resetSequences(trx: AnyDb, table: BackupTable): Promise<void> {
  for (const column of table.serialColumns) {
    await sql`select setval(pg_get_serial_sequence(${table.name}, ${column}),
      coalesce((select max(${quote(column)}) from ${quote(table.name)}), 0) + 1, false)`.execute(trx);
  }
}

/** The tables among `tables` that hold at least one row. */
export async function nonEmptyTables(db: AnyDb, tables: readonly BackupTable[]): Promise<string[]> {
  const found: string[] = [];
  for (const table of tables) {
    const row = await sql<{ any: boolean }>`select exists (select 1 from ${quote(table.name)}) as any`.execute(db);
    if (row.rows[0]?.any) found.push(table.name);
  }
  return found;
}

/** How many rows the tables hold altogether (in the transaction's snapshot). */
export async function countRows(db: AnyDb, tables: readonly BackupTable[]): Promise<number> {
  if (tables.length === 0) return 0;
  const counts = sql.join(
    tables.map((table) => sql`(select count(*) from ${quote(table.name)})`),
    sql` + `,
  );
  const row = await sql<{ n: number }>`select (${counts})::float8 as n`.execute(db);
  return Number(row.rows[0]?.n ?? 0);
}
