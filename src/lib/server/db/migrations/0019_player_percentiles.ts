import { sql, type Kysely } from 'kysely';

/**
 * `player_percentiles` holds, per series, player and game type with rates, the counts the player page turns into
 * the player's percentiles among the skill population (issue 15: the page counted them from the whole population on
 * every view). The population of a series and game type: the public players with at least 3 matches and rates; the
 * counts are how many of them the player's rate lies below (deaths: above) or equals, and their number `n`.
 *
 * The skills refresh rewrites a series' rows with its skills, and a visibility change rewrites those of the series
 * the player belongs to. No foreign keys: their per-row checks would tax the refresh's bulk insert; rows of a
 * deleted series or player are never read (every read names a series and a player that exist).
 *
 * Filled here from the stored skills, so that a database upgraded in place, or restored from an older backup, has
 * the counts before the first refresh.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table player_percentiles (
    series_id integer not null,
    steam_id text not null,
    game_type text not null,
    n integer not null,
    kpm_below integer not null,
    kpm_equal integer not null,
    dpm_above integer not null,
    dpm_equal integer not null,
    spm_below integer not null,
    spm_equal integer not null,
    cpm_below integer not null,
    cpm_equal integer not null,
    constraint player_percentiles_pk primary key (series_id, steam_id, game_type)
  )`.execute(db);
  // Per rate: `le` counts the population up to the row's rate, ties included; `eq` its ties (one sort serves both).
  const counts = [0, 1, 2, 3].map(
    (i) => `count(*) filter (where pop) over (g order by r${i} range between unbounded preceding and current row)
      as le${i}, count(*) filter (where pop) over (partition by series_id, game_type, r${i}) as eq${i}`,
  );
  await sql`insert into player_percentiles (series_id, steam_id, game_type, n, kpm_below, kpm_equal, dpm_above,
      dpm_equal, spm_below, spm_equal, cpm_below, cpm_equal)
    select series_id, steam_id, game_type, n,
      case when r0 is null then 0 else le0 - eq0 end, case when r0 is null then 0 else eq0 end,
      case when r1 is null then 0 else n1 - le1 end, case when r1 is null then 0 else eq1 end,
      case when r2 is null then 0 else le2 - eq2 end, case when r2 is null then 0 else eq2 end,
      case when r3 is null then 0 else le3 - eq3 end, case when r3 is null then 0 else eq3 end
    from (
      select series_id, steam_id, game_type, r0, r1, r2, r3, count(*) filter (where pop) over g as n,
        count(*) filter (where pop and r1 is not null) over g as n1,
        ${sql.raw(counts.join(', '))}
      from (
        select s.series_id, s.steam_id, s.game_type, p.visibility = 'public' and s.matches >= 3 as pop,
          (s.x_bar->>0)::float8 as r0, (s.x_bar->>1)::float8 as r1, (s.x_bar->>2)::float8 as r2,
          (s.x_bar->>3)::float8 as r3
        from player_skills s join players p on p.steam_id = s.steam_id
        where jsonb_typeof(s.x_bar) = 'array'
      ) rated
      window g as (partition by series_id, game_type)
    ) counted
    order by series_id, steam_id, game_type`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table player_percentiles`.execute(db);
}
