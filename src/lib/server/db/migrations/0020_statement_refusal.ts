import { sql, type Kysely } from 'kysely';

/**
 * `hss_refuse(reason)` fails the statement that calls it with SQLSTATE HS409 and `reason` as the error's detail. A
 * transaction sent in one trip (db/one-trip.ts) has its commit on the way before any answer is back, so a statement
 * that finds its work must not be done (a match report of a game already stored) cannot leave it to the caller to
 * roll back: it fails itself, which aborts the transaction and turns the commit into a rollback. SQL has no way to
 * raise an error of its own; PL/pgSQL does.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create function hss_refuse(reason text) returns integer language plpgsql volatile as $$
    begin
      raise exception 'statement refused' using errcode = 'HS409', detail = reason;
    end $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function hss_refuse(text)`.execute(db);
}
