import fs from 'node:fs';
import { once } from 'node:events';
import { createGunzip, createGzip } from 'node:zlib';
import { finished } from 'node:stream/promises';
import type { Kysely } from 'kysely';
import {
  appliedMigrations,
  backupTables,
  countRows,
  insertRowsJson,
  nonEmptyTables,
  readTableChunks,
  resetSequences,
  type BackupTable,
} from '#lib/server/repositories/backup.ts';
import { knownMigrations, migrateToLatest, migrateUpTo } from '#lib/server/db/migrate.ts';
import { noProgress, type Progress } from '#lib/server/progress.ts';

/*
 * A backup is a portable archive, the same on both engines (PGlite and PostgreSQL restore each other's): a gzipped
 * text file whose first line is a JSON header (format, version, the migrations applied, the tables in restore
 * order), then one line per chunk of rows, `<table>\t<row count>\t<JSON array of rows>`, then a JSON trailer with the row
 * count of every table, so a cut-off file is refused instead of half restored.
 */

const FORMAT = 'hss-backup';
const VERSION = 1;
const ROWS_PER_CHUNK = 1000;
const WIDE_ROWS_PER_CHUNK = 8;

interface Header {
  format: typeof FORMAT;
  version: number;
  created_at: string;
  migrations: string[];
  tables: string[];
}

interface Trailer {
  end: true;
  rows: Record<string, number>;
}

/** A backup or restore that cannot go ahead; the message says why in words. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the live schema, not the app's types
type AnyKysely = Kysely<any>;

/**
 * Writes a consistent backup of the whole database (one repeatable-read snapshot) to `file`, gzipped. The file
 * appears only when complete (written beside it, then renamed). Returns the row count of every table. `progress`
 * counts the rows written.
 */
export async function writeBackup(
  db: AnyKysely,
  file: string,
  progress: Progress = noProgress,
): Promise<Record<string, number>> {
  const partial = `${file}.partial`;
  const gzip = createGzip();
  const output = fs.createWriteStream(partial);
  gzip.pipe(output);
  const write = async (text: string) => {
    if (!gzip.write(text)) await once(gzip, 'drain');
  };
  try {
    const rows: Record<string, number> = {};
    await db
      .transaction()
      .setIsolationLevel('repeatable read')
      .setAccessMode('read only')
      .execute(async (trx) => {
        const tables = await backupTables(trx);
        const header: Header = {
          format: FORMAT,
          version: VERSION,
          created_at: new Date().toISOString(),
          migrations: await appliedMigrations(trx),
          tables: tables.map((t) => t.name),
        };
        await write(`${JSON.stringify(header)}\n`);
        const step = progress.step('Backing up', await countRows(trx, tables), 'rows');
        try {
          for (const table of tables) {
            const size = table.wideRows ? WIDE_ROWS_PER_CHUNK : ROWS_PER_CHUNK;
            rows[table.name] = await readTableChunks(trx, table, size, async (json, count) => {
              await write(`${table.name}\t${count}\t${json}\n`);
              step.advance(count);
            });
          }
        } finally {
          step.end();
        }
      });
    const trailer: Trailer = { end: true, rows };
    await write(`${JSON.stringify(trailer)}\n`);
    gzip.end();
    await finished(output);
    fs.renameSync(partial, file);
    return rows;
  } catch (error) {
    gzip.destroy();
    output.destroy();
    fs.rmSync(partial, { force: true });
    throw error;
  }
}

function parseHeader(line: string | undefined): Header {
  let header: Partial<Header> | undefined;
  try {
    header = line ? (JSON.parse(line) as Partial<Header>) : undefined;
  } catch {
    header = undefined;
  }
  if (header?.format !== FORMAT || !Array.isArray(header.migrations) || !Array.isArray(header.tables))
    throw new BackupError('The file is not a backup made by `hss backup`');
  if (header.version !== VERSION)
    throw new BackupError(`The backup has format version ${header.version}; this version reads ${VERSION}`);
  return header as Header;
}

/** Checks that this version can bring a database with `applied` migrations to the backup's version. */
function checkMigrations(header: Header, applied: string[]): void {
  const known = knownMigrations();
  const unknown = header.migrations.filter((name) => !known.includes(name));
  if (unknown.length)
    throw new BackupError(`The backup was made by a newer version (migrations ${unknown.join(', ')}): update first`);
  const isPrefix = applied.every((name, i) => header.migrations[i] === name);
  if (!isPrefix || applied.length > header.migrations.length)
    throw new BackupError(
      'The database is at a newer version than the backup: restore into an empty database (a new DATA_DIR, or a new PostgreSQL database)',
    );
}

/** Limits on what a restore reads: a hostile file (a gzip bomb, one endless line) fails with a message. */
export interface RestoreLimits {
  /** Most bytes the file may decompress to altogether (default: 200 times its size, at least 1 GiB). */
  maxBytes?: number;
  /** Longest line (default MAX_LINE_BYTES): a chunk of wide rows holds a few stored logs. */
  maxLineBytes?: number;
}

/** The longest line a backup writes: WIDE_ROWS_PER_CHUNK stored logs of the largest upload, hex-encoded, and more. */
export const MAX_LINE_BYTES = 448 * 1024 * 1024;

/** The lines of `input` (decompressed bytes), each refused with a BackupError past the limits before it is kept. */
async function* boundedLines(input: AsyncIterable<Buffer>, limits: Required<RestoreLimits>): AsyncGenerator<string> {
  let total = 0;
  let parts: Buffer[] = [];
  let length = 0;
  for await (const chunk of input) {
    total += chunk.length;
    if (total > limits.maxBytes)
      throw new BackupError(
        `The backup decompresses to more than ${Math.round(limits.maxBytes / 1024 / 1024)} MB: it is damaged or hostile; nothing was restored`,
      );
    let start = 0;
    for (let end = chunk.indexOf(10, start); end >= 0; end = chunk.indexOf(10, start)) {
      parts.push(chunk.subarray(start, end));
      length += end - start;
      if (length > limits.maxLineBytes) break;
      yield Buffer.concat(parts, length).toString('utf8');
      parts = [];
      length = 0;
      start = end + 1;
    }
    if (length <= limits.maxLineBytes && start < chunk.length) {
      parts.push(chunk.subarray(start));
      length += chunk.length - start;
    }
    if (length > limits.maxLineBytes)
      throw new BackupError(
        `The backup has a line longer than ${Math.round(limits.maxLineBytes / 1024 / 1024)} MB: it is damaged or hostile; nothing was restored`,
      );
  }
  if (length > 0) yield Buffer.concat(parts, length).toString('utf8');
}

/** The trailer's row counts, or a BackupError when the last line is not a well-formed trailer. */
function parseTrailer(line: string): Map<string, number> {
  let trailer: Partial<Trailer> | undefined;
  try {
    trailer = JSON.parse(line) as Partial<Trailer>;
  } catch {
    trailer = undefined;
  }
  const rows = trailer?.rows;
  if (trailer?.end !== true || typeof rows !== 'object' || rows === null || Array.isArray(rows))
    throw new BackupError('The backup ends with a damaged end marker: nothing was restored');
  const counts = new Map<string, number>();
  for (const [table, count] of Object.entries(rows)) {
    if (!Number.isSafeInteger(count) || count < 0)
      throw new BackupError(`The backup's end marker gives ${table} no row count: nothing was restored`);
    counts.set(table, count);
  }
  return counts;
}

/**
 * Restores the backup in `file` into `db`, which must hold no rows (a new database, migrated or not): migrates it
 * to the backup's version, loads every row in one transaction (all or nothing), moves the id sequences past the
 * restored ids, then applies this version's newer migrations. Returns the row count of every table. `progress`
 * counts the megabytes of the file read. The file is read as a stream within `limits`, and every line's declared
 * row count must be the rows it holds: any damage is a BackupError and restores nothing.
 */
export async function restoreBackup(
  db: AnyKysely,
  file: string,
  progress: Progress = noProgress,
  limits: RestoreLimits = {},
): Promise<Record<string, number>> {
  if (!fs.existsSync(file)) throw new BackupError(`No such file: ${file}`);
  const size = fs.statSync(file).size;
  const bounds: Required<RestoreLimits> = {
    maxBytes: limits.maxBytes ?? Math.max(1024 ** 3, size * 200),
    maxLineBytes: limits.maxLineBytes ?? MAX_LINE_BYTES,
  };
  const raw = fs.createReadStream(file);
  const step = progress.step('Restoring', size / 1e6, 'MB');
  raw.on('data', (chunk) => step.advance(chunk.length / 1e6));
  const input = raw.pipe(createGunzip());
  const lines = boundedLines(input, bounds);
  try {
    const header = parseHeader((await lines.next()).value as string | undefined);
    const applied = await appliedMigrations(db);
    checkMigrations(header, applied);
    if (applied.length) {
      const occupied = await nonEmptyTables(db, await backupTables(db));
      if (occupied.length)
        throw new BackupError(`The database is not empty (rows in ${occupied.join(', ')}): restore into an empty one`);
    }
    const last = header.migrations.at(-1);
    if (last) await migrateUpTo(db, last);
    const rows = await db.transaction().execute(async (trx) => {
      const tables = new Map<string, BackupTable>((await backupTables(trx)).map((t) => [t.name, t]));
      const counted = new Map<string, number>();
      for (;;) {
        const next = await lines.next();
        if (next.done) throw new BackupError('The backup file is cut off (no end marker): nothing was restored');
        const line = next.value;
        if (line.startsWith('{')) {
          for (const [table, count] of parseTrailer(line)) {
            if ((counted.get(table) ?? 0) !== count)
              throw new BackupError(`The backup's ${table} holds ${counted.get(table) ?? 0} rows instead of ${count}`);
            if (!counted.has(table)) counted.set(table, 0);
          }
          break;
        }
        const first = line.indexOf('\t');
        const second = line.indexOf('\t', first + 1);
        const table = line.slice(0, first);
        if (first < 0 || second < 0 || !tables.has(table))
          throw new BackupError(`The backup names an unknown table '${table}'`);
        const declared = line.slice(first + 1, second);
        if (!/^\d{1,9}$/.test(declared))
          throw new BackupError(`The backup gives a line of ${table} no row count: nothing was restored`);
        const inserted = await insertRowsJson(trx, table, line.slice(second + 1));
        if (inserted !== Number(declared))
          throw new BackupError(
            `A line of the backup's ${table} declares ${declared} rows but holds ${inserted}: nothing was restored`,
          );
        counted.set(table, (counted.get(table) ?? 0) + inserted);
      }
      for (const table of tables.values()) await resetSequences(trx, table);
      return Object.fromEntries(counted);
    });
    await migrateToLatest(db);
    return rows;
  } catch (error) {
    if (error instanceof SyntaxError || (error as { code?: string }).code === 'Z_DATA_ERROR')
      throw new BackupError('The file is not a backup made by `hss backup` (it is damaged or not gzipped)');
    if (!(error instanceof BackupError) && (error as { code?: unknown }).code !== undefined && isRowError(error))
      throw new BackupError(
        `The backup holds rows this database refuses (${(error as Error).message}): nothing was restored`,
      );
    throw error;
  } finally {
    step.end();
    await lines.return(undefined);
    input.destroy();
  }
}

/** A database error about the rows themselves (bad JSON, a type, a constraint): SQLSTATE classes 22 and 23. */
function isRowError(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^(22|23)/.test(code);
}
