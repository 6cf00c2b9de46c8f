import { sql } from 'kysely';
import type { DB } from '#lib/server/db/index.ts';
import type { MatchType, Side } from '#lib/server/db/tables/matches.ts';

/** Counts of the population below and equal to the player, per rate, in one game type. */
export interface PercentileCounts {
  game_type: MatchType;
  n: number;
  kpm_below: number;
  kpm_equal: number;
  dpm_above: number;
  dpm_equal: number;
  spm_below: number;
  spm_equal: number;
  cpm_below: number;
  cpm_equal: number;
}

/**
 * Per game type of the series, the public players with at least `minMatches` matches and rates (the skill
 * population), and how many of them the player's rates lie above (for deaths: below), or equal to. The player
 * counts as one of the population when they qualify. One query: the population's rates are read once (one pass
 * over the series' skill rows, hashed against the public players) and compared with the player's own rows. The
 * check that rates exist stays out of the population's WHERE: the planner cannot estimate it, took the population
 * for a handful of rows and looked each one's player up (and the skill rows read once per game type): 4,919 pages
 * for a demo player on PostgreSQL, now about 750. A row without rates (not an array) has null rates, which no
 * comparison counts.
 */
export async function countPercentiles(
  db: DB,
  seriesId: number,
  steamId: string,
  minMatches: number,
): Promise<PercentileCounts[]> {
  const rate = (alias: string, i: number) => sql.raw(`${alias}.r${i}`);
  const cmp = (i: number, op: string) =>
    sql`count(*) filter (where ${rate('k', i)} ${sql.raw(op)} ${rate('me', i)})::int`;
  const rates = (alias: string) =>
    sql.raw([0, 1, 2, 3].map((i) => `(${alias}.x_bar->>${i})::float8 as r${i}`).join(', '));
  const result = await sql<PercentileCounts>`
    with me as materialized (
      select m.game_type, ${rates('m')} from player_skills m
      where m.series_id = ${seriesId} and m.steam_id = ${steamId} and jsonb_typeof(m.x_bar) = 'array'
    ), k as materialized (
      select s.game_type, jsonb_typeof(s.x_bar) = 'array' as rated, ${rates('s')}
      from player_skills s
      join players p on p.steam_id = s.steam_id
      where s.series_id = ${seriesId} and s.matches >= ${minMatches} and p.visibility = 'public'
        and s.game_type in (select game_type from me)
    )
    select me.game_type, count(*) filter (where k.rated)::int as n,
      ${cmp(0, '<')} as kpm_below, ${cmp(0, '=')} as kpm_equal,
      ${cmp(1, '>')} as dpm_above, ${cmp(1, '=')} as dpm_equal,
      ${cmp(2, '<')} as spm_below, ${cmp(2, '=')} as spm_equal,
      ${cmp(3, '<')} as cpm_below, ${cmp(3, '=')} as cpm_equal
    from me join k on k.game_type = me.game_type
    group by me.game_type`.execute(db);
  return result.rows;
}

/** A player's line in one public match, with the match's date, map, result and teams. */
export interface RecentMatchRow {
  match_id: number;
  date: Date;
  type: MatchType;
  map: string;
  result: string | null;
  victor_side: Side | null;
  winner_tag: string;
  loser_tag: string;
  winner_team_id: number | null;
  loser_team_id: number | null;
  team_id: number | null;
  side: Side | null;
  kills: number;
  deaths: number;
  kpm: number;
  dpm: number;
  spm: number;
  cpm: number;
  playtime: number;
  all_percentile: number | null;
}

/** The player's newest public matches of the series (any status), newest first, at most `limit`. */
export function listRecentPlayerMatches(
  db: DB,
  seriesId: number,
  steamId: string,
  limit: number,
): Promise<RecentMatchRow[]> {
  return db
    .selectFrom('player_match_stats as s')
    .innerJoin('matches as m', 'm.id', 's.match_id')
    .select([
      'm.id as match_id',
      'm.date',
      'm.type',
      'm.map',
      'm.result',
      'm.victor_side',
      'm.winner_tag',
      'm.loser_tag',
      'm.winner_team_id',
      'm.loser_team_id',
      's.team_id',
      's.side',
      's.kills',
      's.deaths',
      's.kpm',
      's.dpm',
      's.spm',
      's.cpm',
      's.playtime',
      's.all_percentile',
    ])
    .where('s.steam_id', '=', steamId)
    .where('m.series_id', '=', seriesId)
    .where('m.visibility', '=', 'public')
    .orderBy('m.date', 'desc')
    .orderBy('m.id', 'desc')
    .limit(limit)
    .execute() as Promise<RecentMatchRow[]>;
}
