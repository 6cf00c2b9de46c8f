/**
 * Bulk loading with `COPY ... FROM STDIN (FORMAT binary)` on both engines. `copyIn` runs the statement with the
 * encoded rows as its one parameter; each dialect recognises that shape and streams the bytes as the COPY data
 * (connect.ts for PostgreSQL, pglite-dialect.ts for PGlite). Binary rows cost the server no parsing: loading
 * 200,000 rating history points took 0.4-0.5 s less database CPU and 0.4 s less of ours than the same insert from
 * a JSON parameter expanded with json_to_recordset (bench:ratings on PostgreSQL).
 */
import { CompiledQuery } from 'kysely';
import type { DB } from './index.ts';

/** The column types binaryRows can encode. */
export type CopyType = 'int4' | 'float8' | 'timestamptz';

/** A COPY statement that reads binary rows from the client: `copy table (columns) from stdin with (format binary)`. */
export const COPY_FROM_STDIN = /^\s*copy\s[^;]*\sfrom\s+stdin\s+with\s*\(\s*format\s+binary\s*\)\s*$/i;

const SIZE: Record<CopyType, number> = { int4: 4, float8: 8, timestamptz: 8 };
// timestamptz travels as microseconds since 2000-01-01 UTC.
const EPOCH_2000_MS = Date.UTC(2000, 0, 1);
const HEADER = Buffer.from('PGCOPY\n\xff\r\n\0\0\0\0\0\0\0\0\0', 'latin1');

type Value<T extends CopyType> = T extends 'timestamptz' ? Date : number;

/**
 * Encodes rows in COPY's binary format, `types[i]` being the type of column i of the COPY's column list and
 * `values(row)` giving the row's values in that order (null writes SQL NULL). Numbers are written exactly: float8
 * as IEEE 754, timestamps at the millisecond (a Date's precision).
 */
export function binaryRows<R, const T extends readonly CopyType[]>(
  types: T,
  rows: readonly R[],
  values: (row: R) => { [K in keyof T]: Value<T[K]> | null },
): Buffer {
  const widest = 2 + types.reduce((sum, t) => sum + 4 + SIZE[t], 0);
  const out = Buffer.allocUnsafe(HEADER.length + rows.length * widest + 2);
  let at = HEADER.copy(out, 0);
  for (const row of rows) {
    const fields = values(row) as readonly (number | Date | null)[];
    at = out.writeInt16BE(types.length, at);
    types.forEach((type, i) => {
      const value = fields[i];
      if (value === null || value === undefined) {
        at = out.writeInt32BE(-1, at);
        return;
      }
      at = out.writeInt32BE(SIZE[type], at);
      if (type === 'int4') at = out.writeInt32BE(value as number, at);
      else if (type === 'float8') at = out.writeDoubleBE(value as number, at);
      else at = out.writeBigInt64BE(BigInt((value as Date).getTime() - EPOCH_2000_MS) * 1000n, at);
    });
  }
  at = out.writeInt16BE(-1, at);
  return out.subarray(0, at);
}

/** Runs `statement` (matching COPY_FROM_STDIN) with `data` (binaryRows) as its input; resolves when it is loaded. */
export async function copyIn(db: DB, statement: string, data: Buffer): Promise<void> {
  if (!COPY_FROM_STDIN.test(statement)) throw new Error(`Not a binary COPY FROM STDIN: ${statement}`);
  await db.executeQuery(CompiledQuery.raw(statement, [data]));
}

/** The COPY data of a query that copyIn ran (its one parameter), or undefined for any other query. */
export function copyData(statement: string, parameters: readonly unknown[]): Buffer | undefined {
  const [data] = parameters;
  return parameters.length === 1 && Buffer.isBuffer(data) && COPY_FROM_STDIN.test(statement) ? data : undefined;
}
