import { sql, type Kysely } from 'kysely';

/**
 * Rating passes rewrite matches in place without touching their indexes (issue 15 item 3). Posting a match sets its
 * status, rated_at and rating columns; a full recompute rewrites the rating columns of every match after the first
 * change. PostgreSQL makes such an update HOT (heap-only: the new row version joins the old one's chain, no index
 * takes an entry) when no indexed column changes and the page has room for the new version. Measured on
 * `bench:ratings` (100,000 matches on PostgreSQL, backend CPU): posting them all took 3.0 s with a new entry in
 * each of the 8 indexes that hold a row, 0.46 s once HOT.
 *
 * - `matches_open_status` goes: it made calculation_status an indexed column, so no status change was ever HOT. Its
 *   readers ask for queued matches across series (the rating queue, once per round: a scan of the table, 30-40 ms
 *   of database CPU for 100,000 matches) or for a status within a series (served by the series indexes).
 * - Fillfactor 50: a pass rewrites whole runs of consecutive matches in one transaction, and the old versions stay
 *   until it commits, so a page needs room for a second version of each row it holds (HOT updates measured: 0% at
 *   the default 100, 23% at 80, 52% at 65, 74% at 50 where the rating columns first fill in, all of them when a
 *   posted match is rewritten). It applies to rows written from now on; existing pages get the room as their old
 *   versions are pruned.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop index matches_open_status`.execute(db);
  await sql`alter table matches set (fillfactor = 50)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table matches reset (fillfactor)`.execute(db);
  await sql`create index matches_open_status on matches (calculation_status, series_id)
    where calculation_status not in ('posted', 'skipped')`.execute(db);
}
