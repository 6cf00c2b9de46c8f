import { sql } from 'kysely';
import type { DB } from '#lib/server/db/index.ts';
import type { MatchType } from '#lib/server/db/tables/matches.ts';

/** One player's line in a counted match, with the match's game type. */
export interface SkillSourceRow {
  steam_id: string;
  game_type: MatchType;
  playtime: number;
  kpm: number;
  dpm: number;
  spm: number;
  cpm: number;
  weapons: Record<string, number>;
  roles: unknown[];
}

/** A player_skills row to store (vectors are [kpm, dpm, spm, cpm]). */
export interface SkillWrite {
  steam_id: string;
  game_type: MatchType;
  matches: number;
  x_bar: number[];
  s: number[] | null;
  skill_vector: number[] | null;
  weapon_stats: Record<string, unknown>;
  role_stats: Record<string, unknown>;
}

/**
 * Player lines of the series' counted matches of the given game types: competitive and event matches once posted,
 * friendlies once accepted ('skipped' = final but unrated), with their weapons and roles (player_match_details).
 * Each match's lines and details are read together by their shared key (two short index scans merged): as one join
 * over the series, both engines' planners misjudged it and read the details of every series (on PostgreSQL with
 * 90,000 lines: 254 ms CPU against 150 ms this way, 116 ms when the JSON was in the lines).
 */
export function listSkillSourceRows(
  db: DB,
  seriesId: number,
  gameTypes: readonly MatchType[],
): Promise<SkillSourceRow[]> {
  if (gameTypes.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('matches as m')
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('player_match_stats as s')
          .innerJoin('player_match_details as d', (join) =>
            join.onRef('d.match_id', '=', 's.match_id').onRef('d.steam_id', '=', 's.steam_id'),
          )
          .select(['s.steam_id', 's.playtime', 's.kpm', 's.dpm', 's.spm', 's.cpm', 'd.weapons', 'd.roles'])
          .whereRef('s.match_id', '=', 'm.id')
          // Ordered, the subquery stays one per match instead of being merged into a join over the series.
          .orderBy('s.steam_id')
          .as('l'),
      (join) => join.onTrue(),
    )
    .select([
      'l.steam_id',
      'm.type as game_type',
      'l.playtime',
      'l.kpm',
      'l.dpm',
      'l.spm',
      'l.cpm',
      'l.weapons',
      'l.roles',
    ])
    .where('m.series_id', '=', seriesId)
    .where('m.type', 'in', [...gameTypes])
    .where((eb) =>
      eb.or([
        eb.and([eb('m.type', '!=', 'friendly'), eb('m.calculation_status', '=', 'posted')]),
        eb.and([eb('m.type', '=', 'friendly'), eb('m.calculation_status', '=', 'skipped')]),
      ]),
    )
    .orderBy('m.id')
    .orderBy('l.steam_id')
    .execute() as unknown as Promise<SkillSourceRow[]>;
}

/** Replaces the series' player_skills rows of the given game types with `rows`. */
export async function replacePlayerSkills(
  db: DB,
  seriesId: number,
  gameTypes: readonly MatchType[],
  rows: readonly SkillWrite[],
): Promise<void> {
  if (gameTypes.length === 0) return;
  await db
    .deleteFrom('player_skills')
    .where('series_id', '=', seriesId)
    .where('game_type', 'in', [...gameTypes])
    .execute();
  for (let i = 0; i < rows.length; i += 2000) {
    const data = JSON.stringify(rows.slice(i, i + 2000));
    await sql`
      insert into player_skills (series_id, steam_id, game_type, matches, x_bar, s, skill_vector, weapon_stats, role_stats)
      select ${seriesId}, v.steam_id, v.game_type, v.matches, v.x_bar, v.s, v.skill_vector, v.weapon_stats, v.role_stats
      from jsonb_to_recordset(${data}::jsonb) as v(steam_id text, game_type text, matches int, x_bar jsonb, s jsonb,
        skill_vector jsonb, weapon_stats jsonb, role_stats jsonb)`.execute(db);
  }
}

/** A player's rates in one match, for the in-match percentiles, with the percentiles stored now. */
export interface PercentileSourceRow {
  match_id: number;
  steam_id: string;
  side: string | null;
  kpm: number;
  dpm: number;
  spm: number;
  cpm: number;
  side_percentile: number | null;
  all_percentile: number | null;
}

/**
 * Player lines of the given matches, of every match of the series ('all'), or of every match of the series still
 * lacking percentiles ('missing').
 */
export function listPercentileSourceRows(
  db: DB,
  seriesId: number,
  matchIds: readonly number[] | 'missing' | 'all',
): Promise<PercentileSourceRow[]> {
  let query = db
    .selectFrom('player_match_stats as s')
    .innerJoin('matches as m', 'm.id', 's.match_id')
    .select([
      's.match_id',
      's.steam_id',
      's.side',
      's.kpm',
      's.dpm',
      's.spm',
      's.cpm',
      's.side_percentile',
      's.all_percentile',
    ])
    .where('m.series_id', '=', seriesId);
  if (matchIds === 'all') {
    // Every line of the series: no list of ids to send.
  } else if (matchIds === 'missing') {
    query = query.where('s.match_id', 'in', (eb) =>
      eb
        .selectFrom('player_match_stats as p')
        .innerJoin('matches as mm', 'mm.id', 'p.match_id')
        .select('p.match_id')
        .where('mm.series_id', '=', seriesId)
        .where('p.all_percentile', 'is', null),
    );
  } else {
    if (matchIds.length === 0) return Promise.resolve([]);
    query = query.where('s.match_id', 'in', [...matchIds]);
  }
  return query.orderBy('s.match_id').orderBy('s.steam_id').execute();
}

/** Stores side and overall percentiles of player lines. */
export async function writePercentiles(
  db: DB,
  rows: readonly { match_id: number; steam_id: string; side_percentile: number; all_percentile: number }[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += 5000) {
    const data = JSON.stringify(rows.slice(i, i + 5000));
    await sql`
      update player_match_stats s set side_percentile = v.side_percentile, all_percentile = v.all_percentile
      from jsonb_to_recordset(${data}::jsonb) as v(match_id int, steam_id text, side_percentile float8, all_percentile float8)
      where s.match_id = v.match_id and s.steam_id = v.steam_id`.execute(db);
  }
}

/**
 * True when the series has an accepted friendly reported after its friendly skills were last computed (friendlies
 * are never queued, so the rating worker checks this instead of being told).
 */
export async function friendliesChanged(db: DB, seriesId: number): Promise<boolean> {
  const [friendly, skills] = await Promise.all([
    db
      .selectFrom('matches')
      .select(sql<Date | null>`max(created_at)`.as('at'))
      .where('series_id', '=', seriesId)
      .where('type', '=', 'friendly')
      .where('calculation_status', '=', 'skipped')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('player_skills')
      .select(sql<Date | null>`max(updated_at)`.as('at'))
      .where('series_id', '=', seriesId)
      .where('game_type', '=', 'friendly')
      .executeTakeFirstOrThrow(),
  ]);
  if (friendly.at === null) return false;
  return skills.at === null || new Date(friendly.at).getTime() > new Date(skills.at).getTime();
}
