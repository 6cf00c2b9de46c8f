import type { CompiledQuery } from 'kysely';
import type { DB } from './index.ts';

/*
 * Under a crowd every round trip to PostgreSQL waits for a turn of the busy event loop (bench:load), so a write transaction of four (begin, two statements, commit) took four turns. Sent together in pipeline
 * mode it takes one: PostgreSQL runs the statements in order, each with its own snapshot as usual; once one fails,
 * those behind it fail as well (the transaction is aborted) and the commit rolls back.
 */

/** Rows of one statement of a transaction sent in one trip. */
export interface TripResult {
  rows: unknown[];
}

type Sender = (statements: readonly CompiledQuery[]) => Promise<TripResult[]>;

const senders = new WeakMap<DB, Sender>();

/** Makes `send` the way transactionInOneTrip runs statements on `db` (db/connect.ts, for PostgreSQL). */
export function sendTransactionsWith(db: DB, send: Sender): void {
  senders.set(db, send);
}

/**
 * Runs `statements` in ONE transaction and resolves with each one's rows, in order; rejects with the first failure,
 * after which nothing of the transaction is kept. On PostgreSQL the begin, the statements and the commit go out
 * together (one round trip): a statement cannot use what an earlier one returned, only what it wrote (each later
 * statement sees the transaction's writes, and what other transactions committed before it started). Elsewhere
 * (PGlite, in process: no trips to save) they run one after the other in a Kysely transaction.
 */
export async function transactionInOneTrip(db: DB, statements: readonly CompiledQuery[]): Promise<TripResult[]> {
  const send = senders.get(db);
  if (send) return send(statements);
  return db.transaction().execute(async (trx) => {
    const results: TripResult[] = [];
    for (const statement of statements) results.push({ rows: (await trx.executeQuery(statement)).rows });
    return results;
  });
}

type PoolClient = import('pg').PoolClient;

/**
 * The PostgreSQL sender: a connection from `pool` (so urgent work is served first, db/priority.ts) in pg's pipeline
 * mode for the one transaction. A connection left inside a transaction (it broke meanwhile) is destroyed, not reused.
 */
export function pipelinedSender(pool: { connect(): Promise<PoolClient> }): Sender {
  return async (statements) => {
    const client = await pool.connect();
    const modes = client as { pipeline: boolean };
    let reusable = false;
    try {
      // The mode is the client's own flag, read as each query is queued and answered: on for this transaction only,
      // since the rest of the site's queries include streams (COPY), which pipeline mode refuses.
      modes.pipeline = true;
      const sent = [
        client.query('begin'),
        ...statements.map((statement) => client.query(statement.sql, [...statement.parameters])),
        client.query('commit'),
      ];
      const settled = await Promise.allSettled(sent);
      reusable = client.getTransactionStatus() === 'I';
      const failure = settled.find((outcome) => outcome.status === 'rejected');
      if (failure) throw failure.reason;
      return settled
        .slice(1, -1)
        .map((outcome) => ({ rows: outcome.status === 'fulfilled' ? (outcome.value.rows as unknown[]) : [] }));
    } finally {
      modes.pipeline = false;
      client.release(reusable ? undefined : true);
    }
  };
}

/**
 * The reason a statement gave for refusing itself (`hss_refuse(reason)`, migration 0020: a statement of a transaction
 * sent in one trip cannot leave the roll-back to its caller), or undefined when `error` is anything else.
 */
export function refusalReason(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, detail } = error as { code?: unknown; detail?: unknown };
  return code === 'HS409' && typeof detail === 'string' ? detail : undefined;
}
