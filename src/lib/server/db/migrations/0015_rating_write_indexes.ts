import { sql, type Kysely } from 'kysely';

/**
 * Cheaper rating writes (issue 15 item 3), measured with EXPLAIN (ANALYZE, BUFFERS) and the backend's CPU time on
 * `bench:ratings` (100,000 matches on PostgreSQL): posting a match rewrites its row, and every index of `matches`
 * takes a new entry (calculation_status is indexed, so the update is never HOT); each rating_history point ran
 * three foreign key checks, each a `SELECT ... FOR KEY SHARE` of the referenced row.
 *
 * - Indexes on columns that most matches leave null (who approved, disputed or submitted it, its log, game key,
 *   tournament) become partial `WHERE col IS NOT NULL`: every reader asks for a value (`col = $1`, a foreign key's
 *   cascade), which implies it, and a row without one costs no index entry.
 * - `matches_status` (every status) becomes `matches_open_status`: only matches not yet settled (queued, pending,
 *   disputed, processing), which is what its readers ask for; posting a match drops its entry instead of adding one.
 * - `matches_series_date` gains `id`, the rating order's tie-break, so that a series' matches come in rating order
 *   without a sort; it also serves the lists of a series' public matches by date (nearly all are public), so
 *   `matches_series_visibility_date` goes. The unique import key becomes partial too (only imported results have one).
 * - rating_history's foreign keys are replaced by statement-level triggers that delete the points of deleted
 *   matches, teams and series (what ON DELETE CASCADE did) in one statement each. Its rows are only written by the
 *   rating pass, from the matches it has just read under the series lock (a match's deletion takes that lock too),
 *   so the per-row checks could never fail. The index on team_id alone goes with them (a team's deletion now joins
 *   once instead of looking up per team), and so does the unique (series, team, match) constraint: the pass writes
 *   one point per team and match (keyed so in write.ts), and (series, team, date) serves every reader.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, columns, column] of PARTIAL) {
    await sql`drop index ${sql.ref(name)}`.execute(db);
    await sql`create index ${sql.ref(name)} on matches (${sql.raw(columns)}) where ${sql.ref(column)} is not null`.execute(
      db,
    );
  }
  await sql`drop index matches_status`.execute(db);
  await sql`create index matches_open_status on matches (calculation_status, series_id)
    where calculation_status not in ('posted', 'skipped')`.execute(db);
  await sql`alter table matches drop constraint matches_import_key_key`.execute(db);
  await sql`create unique index matches_import_key on matches (import_key) where import_key is not null`.execute(db);
  await sql`drop index matches_series_date`.execute(db);
  await sql`drop index matches_series_visibility_date`.execute(db);
  await sql`create index matches_series_date on matches (series_id, date, id)`.execute(db);

  await sql`alter table rating_history drop constraint rating_history_series_id_fkey,
    drop constraint rating_history_team_id_fkey, drop constraint rating_history_match_id_fkey`.execute(db);
  await sql`drop index rating_history_fk_team_id`.execute(db);
  await sql`alter table rating_history drop constraint rating_history_team_match`.execute(db);
  for (const [table, column] of CASCADES) {
    await sql`create function ${sql.raw(`rating_history_cascade_${table}`)}() returns trigger language plpgsql as $$
      begin
        delete from rating_history h using gone g where h.${sql.raw(column)} = g.id;
        return null;
      end $$`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_rating_history_cascade`)} after delete on ${sql.raw(table)}
      referencing old table as gone for each statement
      execute function ${sql.raw(`rating_history_cascade_${table}`)}()`.execute(db);
  }
}

const PARTIAL: readonly [name: string, columns: string, column: string][] = [
  ['matches_fk_approved_by_user_id', 'approved_by_user_id', 'approved_by_user_id'],
  ['matches_fk_disputed_by_user_id', 'disputed_by_user_id', 'disputed_by_user_id'],
  ['matches_fk_submitted_by_team_id', 'submitted_by_team_id', 'submitted_by_team_id'],
  ['matches_fk_submitted_by_user_id', 'submitted_by_user_id', 'submitted_by_user_id'],
  ['matches_game_key', 'game_key', 'game_key'],
  ['matches_upload', 'log_upload_id, log_match_index', 'log_upload_id'],
  ['matches_tournament', 'tournament_id, date', 'tournament_id'],
];

const CASCADES: readonly [table: string, column: string][] = [
  ['matches', 'match_id'],
  ['teams', 'team_id'],
  ['series', 'series_id'],
];

export async function down(db: Kysely<any>): Promise<void> {
  for (const [table] of CASCADES) {
    await sql`drop trigger if exists ${sql.raw(`${table}_rating_history_cascade`)} on ${sql.raw(table)}`.execute(db);
    await sql`drop function if exists ${sql.raw(`rating_history_cascade_${table}`)}()`.execute(db);
  }
  await sql`alter table rating_history add constraint rating_history_team_match unique (series_id, team_id, match_id)`.execute(
    db,
  );
  await sql`create index rating_history_fk_team_id on rating_history (team_id)`.execute(db);
  await sql`alter table rating_history
    add constraint rating_history_series_id_fkey foreign key (series_id) references series(id) on delete cascade,
    add constraint rating_history_team_id_fkey foreign key (team_id) references teams(id) on delete cascade,
    add constraint rating_history_match_id_fkey foreign key (match_id) references matches(id) on delete cascade`.execute(
    db,
  );
  await sql`drop index matches_series_date`.execute(db);
  await sql`create index matches_series_date on matches (series_id, date)`.execute(db);
  await sql`create index matches_series_visibility_date on matches (series_id, visibility, date)`.execute(db);
  await sql`drop index matches_import_key`.execute(db);
  await sql`alter table matches add constraint matches_import_key_key unique (import_key)`.execute(db);
  await sql`drop index matches_open_status`.execute(db);
  await sql`create index matches_status on matches (calculation_status)`.execute(db);
  for (const [name, columns] of PARTIAL) {
    await sql`drop index ${sql.ref(name)}`.execute(db);
    await sql`create index ${sql.ref(name)} on matches (${sql.raw(columns)})`.execute(db);
  }
}
