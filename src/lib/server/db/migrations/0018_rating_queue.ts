import { sql, type Kysely } from 'kysely';

/**
 * `rating_queue` lists the queued matches by series, so that the rating worker and a rating pass find queued work
 * without scanning `matches` (issue 15 item 3). Migration 0017 dropped the only index holding calculation_status so
 * that rating passes update matches heap-only; since then finding the series with queued matches (once per worker
 * round) and a series' queued matches (each pass) read every match: 30-40 ms each at 100,000 matches. Any index on
 * calculation_status, partial ones too (a predicate column counts as indexed), would make posting a match non-HOT
 * again, so the list lives in its own small table.
 *
 * - Triggers keep it, so every writer that queues a match (report, approval, import, admin edit) adds its entry in
 *   its own transaction: a statement trigger on insert (one statement for a bulk import), a row trigger on an
 *   update that makes a match queued or moves a queued match to another series. The row trigger's WHEN is evaluated
 *   without calling the function, so a rating pass (which sets 'posted') pays only that test per row.
 * - Entries are hints, removed by the rating pass of their series once their match is no longer queued there
 *   (posted, deleted, moved, sent back): no foreign key (whose per-row checks would tax every bulk insert and delete
 *   of matches) and no unique key, so a writer never waits for a pass that is deleting an entry, and a restored
 *   backup (which also inserts the matches, adding entries) cannot collide with the entries it restores.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table rating_queue (series_id integer not null, match_id integer not null)`.execute(db);
  await sql`create index rating_queue_series on rating_queue (series_id, match_id)`.execute(db);
  await sql`insert into rating_queue (series_id, match_id)
    select series_id, id from matches where calculation_status = 'queued'`.execute(db);
  await sql`create function rating_queue_inserted() returns trigger language plpgsql as $$
    begin
      insert into rating_queue (series_id, match_id) select series_id, id from added where calculation_status = 'queued';
      return null;
    end $$`.execute(db);
  await sql`create trigger matches_rating_queue_insert after insert on matches
    referencing new table as added for each statement execute function rating_queue_inserted()`.execute(db);
  await sql`create function rating_queue_updated() returns trigger language plpgsql as $$
    begin
      insert into rating_queue (series_id, match_id) values (new.series_id, new.id);
      return null;
    end $$`.execute(db);
  await sql`create trigger matches_rating_queue_update after update of calculation_status, series_id on matches
    for each row when (new.calculation_status = 'queued'
      and (old.calculation_status <> 'queued' or old.series_id <> new.series_id))
    execute function rating_queue_updated()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger matches_rating_queue_update on matches`.execute(db);
  await sql`drop trigger matches_rating_queue_insert on matches`.execute(db);
  await sql`drop function rating_queue_updated()`.execute(db);
  await sql`drop function rating_queue_inserted()`.execute(db);
  await sql`drop table rating_queue`.execute(db);
}
