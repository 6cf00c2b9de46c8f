import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { createPostgresDatabase, createTestDatabase, engines } from '#tests/helpers/database.ts';
import { connectDatabase, type DatabaseHandle } from '#lib/server/db/connect.ts';
import { pipelinedSender, refusalReason, transactionInOneTrip } from '#lib/server/db/one-trip.ts';
import type { DB, Database } from '#lib/server/db/index.ts';

const insert = (db: DB, n: number) => sql`insert into trip_rows (n) values (${n}) returning n`.compile(db);
const count = (db: DB) => sql`select count(*)::int as rows from trip_rows`.compile(db);

async function storedRows(db: DB): Promise<number[]> {
  return (await sql<{ n: number }>`select n from trip_rows order by n`.execute(db)).rows.map((r) => r.n);
}

describe.each(engines)('transactionInOneTrip on %s', (engine) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase(engine);
    await sql`create table trip_rows (n integer primary key)`.execute(handle.db);
  });
  afterAll(() => handle.close());

  it('runs the statements in order in one transaction, each seeing what the ones before it wrote', async () => {
    const { db } = handle;
    const results = await transactionInOneTrip(db, [insert(db, 1), insert(db, 2), count(db)]);
    expect(results.map((r) => r.rows)).toEqual([[{ n: 1 }], [{ n: 2 }], [{ rows: 2 }]]);
    expect(await storedRows(db)).toEqual([1, 2]);
  });

  it('keeps nothing of a transaction whose statement fails, rejects with that failure and goes on working', async () => {
    const { db } = handle;
    await sql`delete from trip_rows`.execute(db);
    // More failed transactions than the pool has connections: each connection must come back usable.
    for (let round = 0; round < 20; round++) {
      const failing = transactionInOneTrip(db, [insert(db, 10), insert(db, 11), insert(db, 10), insert(db, 12)]);
      await expect(failing).rejects.toMatchObject({ code: '23505' });
    }
    expect(await storedRows(db)).toEqual([]);
    await transactionInOneTrip(db, [insert(db, 13)]);
    expect(await storedRows(db)).toEqual([13]);
  });

  it("gives a statement's refusal (hss_refuse) its reason and keeps nothing of its transaction", async () => {
    const { db } = handle;
    await sql`delete from trip_rows`.execute(db);
    const refusing = sql`select hss_refuse(${JSON.stringify({ why: 'stored already' })}) from trip_rows`.compile(db);
    const error: unknown = await transactionInOneTrip(db, [insert(db, 20), refusing, insert(db, 21)]).catch((e) => e);
    expect(JSON.parse(refusalReason(error) ?? 'null')).toEqual({ why: 'stored already' });
    expect(refusalReason(new Error('another failure'))).toBeUndefined();
    expect(await storedRows(db)).toEqual([]);
  });
});

// PGlite runs in this process: there is no trip to save.
describe.skipIf(!process.env['TEST_DATABASE_URL'])('transactionInOneTrip on postgres, on the wire', () => {
  it('writes the begin, every statement and the commit before the first answer comes back', async () => {
    const database = await createPostgresDatabase();
    const pool = new pg.Pool({ connectionString: database.url, max: 1 });
    const seen: string[] = [];
    pool.on('connect', (client) => {
      const connection = (client as unknown as { connection: NodeJS.EventEmitter & { stream: NodeJS.WritableStream } })
        .connection;
      const write = connection.stream.write.bind(connection.stream) as (...args: unknown[]) => boolean;
      connection.stream.write = ((...args: unknown[]) => {
        seen.push('write');
        return write(...args);
      }) as typeof connection.stream.write;
      connection.on('readyForQuery', () => seen.push('answer'));
    });
    try {
      // The connection is opened (and its start-up answered) before the trip is watched.
      (await pool.connect()).release();
      seen.length = 0;
      // Compiles the statements; nothing runs through it.
      const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
      const results = await pipelinedSender(pool)([
        sql`select 1 as one`.compile(db),
        sql`select ${2}::int as two`.compile(db),
      ]);
      expect(results.map((r) => r.rows)).toEqual([[{ one: 1 }], [{ two: 2 }]]);
      expect(seen.filter((event) => event === 'answer')).toHaveLength(4);
      expect(seen.lastIndexOf('write')).toBeLessThan(seen.indexOf('answer'));
    } finally {
      await pool.end();
      await database.drop();
    }
  });

  it('gives back a connection that broke inside the transaction, so that the pool goes on', async () => {
    const database = await createPostgresDatabase();
    const connected = await connectDatabase({ databaseUrl: database.url, poolSize: 1 });
    try {
      const { db } = connected;
      const dying = transactionInOneTrip(db, [sql`select pg_terminate_backend(pg_backend_pid())`.compile(db)]);
      await expect(dying).rejects.toThrow();
      // The pool's only connection: kept, or handed out again broken, it would fail this.
      const results = await transactionInOneTrip(db, [sql`select 3 as three`.compile(db)]);
      expect(results[0]!.rows).toEqual([{ three: 3 }]);
    } finally {
      await connected.close();
      await database.drop();
    }
  });
});
