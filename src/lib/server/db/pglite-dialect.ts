import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { copyData } from './copy.ts';

/**
 * A Kysely dialect over one embedded PGlite instance.
 * PGlite has a single session, so the driver hands out its one connection under a mutex: a transaction holds
 * the connection until it commits or rolls back, and no other query can slip into it.
 */
export class PGliteDialect implements Dialect {
  readonly #pglite: PGlite;
  constructor(pglite: PGlite) {
    this.#pglite = pglite;
  }
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.#pglite);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<any>) {
    return new PostgresIntrospector(db);
  }
}

class PGliteConnection implements DatabaseConnection {
  readonly #pglite: PGlite;
  constructor(pglite: PGlite) {
    this.#pglite = pglite;
  }
  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    // copy.ts's copyIn: PGlite reads COPY data from the blob given with the query, named '/dev/blob'.
    const data = copyData(query.sql, query.parameters);
    const result = data
      ? await this.#pglite.query<R>(query.sql.replace(/\sfrom\s+stdin\s/i, " from '/dev/blob' "), [], {
          blob: new Blob([new Uint8Array(data.buffer as ArrayBuffer, data.byteOffset, data.byteLength)]),
        })
      : await this.#pglite.query<R>(query.sql, [...query.parameters]);
    const affected = result.affectedRows;
    return affected === undefined ? { rows: result.rows } : { rows: result.rows, numAffectedRows: BigInt(affected) };
  }
  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming queries are not supported on PGlite');
  }
}

class PGliteDriver implements Driver {
  readonly #connection: PGliteConnection;
  #queue: Promise<void> = Promise.resolve();
  #release: (() => void) | undefined;

  constructor(pglite: PGlite) {
    this.#connection = new PGliteConnection(pglite);
  }
  async init() {}
  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#queue;
    let release!: () => void;
    this.#queue = new Promise<void>((resolve) => (release = resolve));
    await previous;
    this.#release = release;
    return this.#connection;
  }
  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    let statement = 'begin';
    if (settings.isolationLevel) statement = `start transaction isolation level ${settings.isolationLevel}`;
    await connection.executeQuery(CompiledQuery.raw(statement));
  }
  async commitTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }
  async savepoint(connection: DatabaseConnection, name: string) {
    await connection.executeQuery(CompiledQuery.raw(`savepoint "${name}"`));
  }
  async rollbackToSavepoint(connection: DatabaseConnection, name: string) {
    await connection.executeQuery(CompiledQuery.raw(`rollback to savepoint "${name}"`));
  }
  async releaseSavepoint(connection: DatabaseConnection, name: string) {
    await connection.executeQuery(CompiledQuery.raw(`release savepoint "${name}"`));
  }
  async releaseConnection() {
    const release = this.#release;
    this.#release = undefined;
    release?.();
  }
  async destroy() {}
}
