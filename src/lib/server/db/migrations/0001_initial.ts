import { sql, type Kysely } from 'kysely';

/**
 * The complete initial schema. Frozen: later changes go into new migration files.
 * Typed `Kysely<any>` on purpose so that it never depends on the application's types.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('series')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tag', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('is_current', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('rating_mu', 'float8', (c) => c.notNull().defaultTo(25))
    .addColumn('rating_sigma', 'float8', (c) => c.notNull().defaultTo(25 / 3))
    .addColumn('rating_beta', 'float8', (c) => c.notNull().defaultTo(25 / 6))
    .addColumn('rating_tau', 'float8', (c) => c.notNull().defaultTo(25 / 300))
    .addColumn('rating_draw_probability', 'float8', (c) => c.notNull().defaultTo(0))
    .addColumn('rating_model', 'text', (c) => c.notNull().defaultTo('trueskill'))
    .addColumn('sector_thresholds', 'jsonb')
    .addColumn('ranked_after_matches', 'integer', (c) => c.notNull().defaultTo(5))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // At most one current series.
  await sql`create unique index series_one_current on series ((true)) where is_current`.execute(db);

  await db.schema
    .createTable('teams')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tag', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('icon', 'text')
    .addColumn('invite', 'text')
    .addColumn('discord_role_id', 'text')
    .addColumn('inactive', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('deleted_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Tags are unique among live teams, case-insensitively (a deleted team frees its tag).
  await sql`create unique index teams_tag_live on teams (lower(tag)) where deleted_at is null`.execute(db);

  await db.schema
    .createTable('team_previous_tags')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('tag', 'text', (c) => c.notNull())
    .addColumn('until', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create index team_previous_tags_tag on team_previous_tags (lower(tag))`.execute(db);

  await db.schema
    .createTable('team_ratings')
    .addColumn('series_id', 'integer', (c) => c.notNull().references('series.id').onDelete('cascade'))
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('mu', 'float8', (c) => c.notNull())
    .addColumn('sigma', 'float8', (c) => c.notNull())
    .addColumn('num_matches', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('wins', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('losses', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_updated', 'timestamptz')
    // Hidden true strength of a generated demo team, read only by `hss ratings evaluate`.
    .addColumn('true_strength', 'float8')
    .addPrimaryKeyConstraint('team_ratings_pk', ['series_id', 'team_id'])
    .execute();

  await db.schema
    .createTable('tournaments')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('tag', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('icon', 'text')
    .addColumn('invite', 'text')
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('event', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('series_id', 'integer', (c) => c.references('series.id').onDelete('set null'))
    .addColumn('starts_at', 'timestamptz')
    .addColumn('ends_at', 'timestamptz')
    // Fields the spec lets pass through without naming them.
    .addColumn('extra', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index tournaments_tag on tournaments (lower(tag))`.execute(db);

  await db.schema
    .createTable('users')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('discord_id', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('avatar', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_login_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('user_roles')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('ADMIN', 'USER', 'TEAM_MANAGER')`))
    // 'grant' (CLI or admin) or 'config' (ADMIN_DISCORD_IDS).
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('grant'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role'])
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('user_agent', 'text')
    .execute();

  await db.schema
    .createTable('oauth_states')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('redirect_uri', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('team_managers')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    // 'grant' (explicit), 'discord_role' (refreshed at sign-in) or 'registration' (accepted request).
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('grant'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('team_managers_pk', ['user_id', 'team_id'])
    .execute();

  await db.schema
    .createTable('team_api_keys')
    .addColumn('team_id', 'integer', (c) => c.primaryKey().references('teams.id').onDelete('cascade'))
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('key_prefix', 'text', (c) => c.notNull())
    .addColumn('created_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('team_registration_requests')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('tag', 'text', (c) => c.notNull())
    .addColumn('icon', 'text')
    .addColumn('invite', 'text')
    .addColumn('contact', 'text')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'accepted', 'rejected')`),
    )
    .addColumn('decided_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('decided_at', 'timestamptz')
    .addColumn('decision_reason', 'text')
    .addColumn('team_id', 'integer', (c) => c.references('teams.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('log_uploads')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('sha256', 'text', (c) => c.notNull().unique())
    // Virtual path shown by the log browser, e.g. '2026/05/<sha256>-export.csv'.
    .addColumn('path', 'text', (c) => c.notNull().unique())
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('format', 'text')
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('content', 'bytea', (c) => c.notNull())
    .addColumn('uploaded_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('uploaded_by_team_id', 'integer', (c) => c.references('teams.id').onDelete('set null'))
    .addColumn('uploaded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('matches')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('series_id', 'integer', (c) => c.notNull().references('series.id').onDelete('cascade'))
    .addColumn('title', 'text')
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('friendly', 'competitive', 'event')`))
    .addColumn('tournament_id', 'integer', (c) => c.references('tournaments.id').onDelete('set null'))
    .addColumn('map', 'text', (c) => c.notNull())
    .addColumn('map_layout', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('date', 'timestamptz', (c) => c.notNull())
    .addColumn('duration', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('victor_side', 'text', (c) => c.check(sql`victor_side in ('Allies', 'Axis')`))
    // Teams by tag as reported (winner first); the ids are null for an unregistered team.
    .addColumn('winner_tag', 'text', (c) => c.notNull())
    .addColumn('loser_tag', 'text', (c) => c.notNull())
    .addColumn('winner_team_id', 'integer', (c) => c.references('teams.id').onDelete('set null'))
    .addColumn('loser_team_id', 'integer', (c) => c.references('teams.id').onDelete('set null'))
    .addColumn('calculation_status', 'text', (c) =>
      c
        .notNull()
        .check(sql`calculation_status in ('pending', 'queued', 'processing', 'posted', 'skipped', 'disputed')`),
    )
    .addColumn('visibility', 'text', (c) =>
      c
        .notNull()
        .defaultTo('public')
        .check(sql`visibility in ('public', 'private')`),
    )
    .addColumn('defensive_players', 'jsonb', (c) => c.notNull().defaultTo(sql`'{"Allies": [], "Axis": []}'::jsonb`))
    .addColumn('submitted_by_tag', 'text')
    .addColumn('submitted_by_username', 'text')
    .addColumn('submitted_by_team_id', 'integer', (c) => c.references('teams.id').onDelete('set null'))
    .addColumn('submitted_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('cap_flips', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('streams', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('gamemode', 'text')
    .addColumn('kill_statistics', 'jsonb')
    .addColumn('url', 'text')
    .addColumn('log_upload_id', 'integer', (c) => c.references('log_uploads.id').onDelete('set null'))
    .addColumn('log_format', 'text')
    .addColumn('log_match_index', 'integer')
    // 'log', 'import' or 'demo': where the match came from.
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('log'))
    // Natural key of an imported historical result, so that re-importing changes nothing.
    .addColumn('import_key', 'text', (c) => c.unique())
    // Both teams' ratings around this match and the predicted probability that the winner wins.
    .addColumn('winner_mu_before', 'float8')
    .addColumn('winner_sigma_before', 'float8')
    .addColumn('loser_mu_before', 'float8')
    .addColumn('loser_sigma_before', 'float8')
    .addColumn('winner_mu_after', 'float8')
    .addColumn('winner_sigma_after', 'float8')
    .addColumn('loser_mu_after', 'float8')
    .addColumn('loser_sigma_after', 'float8')
    .addColumn('win_probability', 'float8')
    .addColumn('rated_at', 'timestamptz')
    .addColumn('approved_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('approved_at', 'timestamptz')
    .addColumn('disputed_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('disputed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('matches_series_date').on('matches').columns(['series_id', 'date']).execute();
  await db.schema.createIndex('matches_winner').on('matches').columns(['winner_team_id', 'date']).execute();
  await db.schema.createIndex('matches_loser').on('matches').columns(['loser_team_id', 'date']).execute();
  await db.schema.createIndex('matches_status').on('matches').columns(['calculation_status']).execute();
  await db.schema.createIndex('matches_upload').on('matches').columns(['log_upload_id', 'log_match_index']).execute();
  await db.schema.createIndex('matches_tournament').on('matches').columns(['tournament_id', 'date']).execute();

  await db.schema
    .createTable('players')
    .addColumn('steam_id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    // Set by change_primary_name; shown instead of the last-seen name.
    .addColumn('primary_name', 'text')
    .addColumn('visibility', 'text', (c) =>
      c
        .notNull()
        .defaultTo('public')
        .check(sql`visibility in ('public', 'private')`),
    )
    .addColumn('first_seen', 'timestamptz', (c) => c.notNull())
    .addColumn('last_seen', 'timestamptz', (c) => c.notNull())
    // Hidden true strength of a generated demo player.
    .addColumn('true_strength', 'float8')
    .execute();
  await sql`create index players_name_lower on players (lower(name))`.execute(db);

  await db.schema
    .createTable('player_aliases')
    .addColumn('steam_id', 'text', (c) => c.notNull().references('players.steam_id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('first_seen', 'timestamptz', (c) => c.notNull())
    .addColumn('last_seen', 'timestamptz', (c) => c.notNull())
    .addColumn('times_seen', 'integer', (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('player_aliases_pk', ['steam_id', 'name'])
    .execute();
  await sql`create index player_aliases_name_lower on player_aliases (lower(name))`.execute(db);

  await db.schema
    .createTable('profile_claims')
    .addColumn('steam_id', 'text', (c) => c.primaryKey().references('players.steam_id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('profile_claims_user').on('profile_claims').column('user_id').execute();

  await db.schema
    .createTable('player_match_stats')
    .addColumn('match_id', 'integer', (c) => c.notNull().references('matches.id').onDelete('cascade'))
    .addColumn('steam_id', 'text', (c) => c.notNull().references('players.steam_id').onDelete('cascade'))
    .addColumn('team_id', 'integer', (c) => c.references('teams.id').onDelete('set null'))
    .addColumn('side', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('aliases', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('playtime', 'float8', (c) => c.notNull().defaultTo(0))
    .addColumn('kills', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('deaths', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('teamkills', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('suicides', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('kpm', 'float8', (c) => c.notNull().defaultTo(0))
    .addColumn('dpm', 'float8', (c) => c.notNull().defaultTo(0))
    .addColumn('cpm', 'float8', (c) => c.notNull().defaultTo(0))
    .addColumn('spm', 'float8', (c) => c.notNull().defaultTo(0))
    .addColumn('max_streak', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('combat_points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('offensive_points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('defensive_points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('support_points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('weapons', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('roles', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('squads', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('killers', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('victims', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('kill_events', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('streamer', 'text')
    .addColumn('side_percentile', 'float8')
    .addColumn('all_percentile', 'float8')
    .addPrimaryKeyConstraint('player_match_stats_pk', ['match_id', 'steam_id'])
    .execute();
  await db.schema
    .createIndex('player_match_stats_player')
    .on('player_match_stats')
    .columns(['steam_id', 'match_id'])
    .execute();
  await db.schema
    .createIndex('player_match_stats_team')
    .on('player_match_stats')
    .columns(['team_id', 'steam_id'])
    .execute();

  await db.schema
    .createTable('player_skills')
    .addColumn('series_id', 'integer', (c) => c.notNull().references('series.id').onDelete('cascade'))
    .addColumn('steam_id', 'text', (c) => c.notNull().references('players.steam_id').onDelete('cascade'))
    .addColumn('game_type', 'text', (c) => c.notNull().check(sql`game_type in ('friendly', 'competitive', 'event')`))
    .addColumn('matches', 'integer', (c) => c.notNull())
    .addColumn('x_bar', 'jsonb', (c) => c.notNull())
    .addColumn('s', 'jsonb')
    .addColumn('skill_vector', 'jsonb')
    .addColumn('weapon_stats', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('role_stats', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('player_skills_pk', ['series_id', 'steam_id', 'game_type'])
    .execute();

  await db.schema
    .createTable('rating_history')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('series_id', 'integer', (c) => c.notNull().references('series.id').onDelete('cascade'))
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('match_id', 'integer', (c) => c.notNull().references('matches.id').onDelete('cascade'))
    .addColumn('date', 'timestamptz', (c) => c.notNull())
    .addColumn('mu', 'float8', (c) => c.notNull())
    .addColumn('sigma', 'float8', (c) => c.notNull())
    .addColumn('num_matches', 'integer', (c) => c.notNull())
    .addUniqueConstraint('rating_history_team_match', ['series_id', 'team_id', 'match_id'])
    .execute();
  await db.schema
    .createIndex('rating_history_team')
    .on('rating_history')
    .columns(['series_id', 'team_id', 'date'])
    .execute();

  await db.schema
    .createTable('series_statistics')
    .addColumn('series_id', 'integer', (c) => c.primaryKey().references('series.id').onDelete('cascade'))
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('actor_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('actor_team_id', 'integer', (c) => c.references('teams.id').onDelete('set null'))
    // Human-readable actor ('user:Name (discordId)', 'api-key:TAG', 'cli'), kept when the user is deleted.
    .addColumn('actor_label', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('entity_type', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text')
    .addColumn('before', 'jsonb')
    .addColumn('after', 'jsonb')
    .execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'audit_log',
    'series_statistics',
    'rating_history',
    'player_skills',
    'player_match_stats',
    'profile_claims',
    'player_aliases',
    'players',
    'matches',
    'log_uploads',
    'team_registration_requests',
    'team_api_keys',
    'team_managers',
    'oauth_states',
    'sessions',
    'user_roles',
    'users',
    'tournaments',
    'team_ratings',
    'team_previous_tags',
    'teams',
    'series',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
