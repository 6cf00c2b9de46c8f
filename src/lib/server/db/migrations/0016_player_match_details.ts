import { sql, type Kysely } from 'kysely';

/**
 * The per-player JSON of a match (issue 15 item 3) moves out of `player_match_stats` into `player_match_details`,
 * one row per stats row (same key; deleting a stats row, or its match, deletes its details). The JSON (kill times,
 * killers, victims, weapons, squads, roles, aliases) was ~1.9 KB of each ~2 KB row, just under the size PostgreSQL
 * moves out of line, so every count and list over the players of a series (series statistics, player lists, team
 * pages, win rates) read about four rows per 8 KB page; only the match page and the skills refresh read the JSON.
 *
 * Dropping a column leaves its bytes in every row until the row is written again, so the table is rewritten
 * (CLUSTER, which also stores each match's players together, as most readers take them).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table player_match_details (
    match_id integer not null,
    steam_id text not null,
    aliases jsonb not null default '[]'::jsonb,
    weapons jsonb not null default '{}'::jsonb,
    roles jsonb not null default '[]'::jsonb,
    squads jsonb not null default '[]'::jsonb,
    killers jsonb not null default '{}'::jsonb,
    victims jsonb not null default '{}'::jsonb,
    kill_events jsonb not null default '[]'::jsonb,
    constraint player_match_details_pk primary key (match_id, steam_id),
    constraint player_match_details_stats_fkey foreign key (match_id, steam_id)
      references player_match_stats (match_id, steam_id) on delete cascade on update cascade
  )`.execute(db);
  await sql`insert into player_match_details (match_id, steam_id, ${sql.raw(MOVED.join(', '))})
    select match_id, steam_id, ${sql.raw(MOVED.join(', '))} from player_match_stats
    order by match_id, steam_id`.execute(db);
  await sql`alter table player_match_stats ${sql.raw(MOVED.map((c) => `drop column ${c}`).join(', '))}`.execute(db);
  await sql`cluster player_match_stats using player_match_stats_pk`.execute(db);
}

const MOVED = ['aliases', 'weapons', 'roles', 'squads', 'killers', 'victims', 'kill_events'] as const;

const DEFAULTS: Record<(typeof MOVED)[number], string> = {
  aliases: '[]',
  weapons: '{}',
  roles: '[]',
  squads: '[]',
  killers: '{}',
  victims: '{}',
  kill_events: '[]',
};

export async function down(db: Kysely<any>): Promise<void> {
  const columns = MOVED.map((c) => `add column ${c} jsonb not null default '${DEFAULTS[c]}'::jsonb`).join(', ');
  await sql`alter table player_match_stats ${sql.raw(columns)}`.execute(db);
  await sql`update player_match_stats s set ${sql.raw(MOVED.map((c) => `${c} = d.${c}`).join(', '))}
    from player_match_details d where d.match_id = s.match_id and d.steam_id = s.steam_id`.execute(db);
  await sql`drop table player_match_details`.execute(db);
}
