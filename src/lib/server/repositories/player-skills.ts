import { sql, type Compilable, type OperationNodeSource } from 'kysely';
import { rowsInChunks } from '#lib/server/db/cursor.ts';
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
 * Lines a refresh reads in one chunk: about 2 MB of rows, parsed in 10-20 ms between two requests; a series of a few
 * thousand lines is read in one or two round trips.
 */
const SOURCE_CHUNK = 5000;

/**
 * Player lines of the series' counted matches of the given game types: competitive and event matches once posted,
 * friendlies once accepted ('skipped' = final but unrated), with their weapons and roles (player_match_details), in
 * chunks of `chunkSize` lines in match order (db/cursor.ts: `db` must be a transaction).
 * Each match's lines and details are read together by their shared key (two short index scans merged): as one join
 * over the series, both engines' planners misjudged it and read the details of every series (on PostgreSQL with
 * 90,000 lines: 254 ms CPU against 150 ms this way, 116 ms when the JSON was in the lines).
 */
export async function* skillSourceRows(
  db: DB,
  seriesId: number,
  gameTypes: readonly MatchType[],
  chunkSize = SOURCE_CHUNK,
): AsyncGenerator<SkillSourceRow[]> {
  if (gameTypes.length === 0) return;
  const query = db
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
    .orderBy('l.steam_id');
  yield* rowsInChunks(db, query as unknown as Compilable<SkillSourceRow> & OperationNodeSource, chunkSize);
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
 * lacking percentiles ('missing'), in chunks of `chunkSize` lines in match order (db/cursor.ts: `db` must be a
 * transaction; rows it writes meanwhile do not change what the cursor reads).
 */
export async function* percentileSourceRows(
  db: DB,
  seriesId: number,
  matchIds: readonly number[] | 'missing' | 'all',
  chunkSize = SOURCE_CHUNK,
): AsyncGenerator<PercentileSourceRow[]> {
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
  } else {
    // The matches lacking percentiles are found first, on their own: inside the read, a planner that took every line
    // for one lacking them (statistics gathered just after a bulk insert) checked each line of the series against
    // its match's lines (bench:skills: 0.4-1 s for one match). Alone, the worst plan is one scan of the lines.
    const ids = matchIds === 'missing' ? await listMatchesLackingPercentiles(db, seriesId) : matchIds;
    if (ids.length === 0) return;
    // One array parameter: a list of thousands of matches stays under the protocol's 65,535 parameters.
    query = query.where(sql<boolean>`s.match_id = any(${[...ids]}::int[])`);
  }
  yield* rowsInChunks(db, query.orderBy('s.match_id').orderBy('s.steam_id'), chunkSize);
}

/** The series' matches with lines lacking percentiles (found through the partial index of migration 0021). */
async function listMatchesLackingPercentiles(db: DB, seriesId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('player_match_stats as p')
    .innerJoin('matches as m', 'm.id', 'p.match_id')
    .select('p.match_id')
    .distinct()
    .where('m.series_id', '=', seriesId)
    .where('p.all_percentile', 'is', null)
    .execute();
  return rows.map((r) => r.match_id);
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

/**
 * Rewrites the series' player_percentiles of `gameTypes` from its player_skills and the players' visibility, in one
 * statement: per game type, the population (public players with at least `minMatches` matches and rates) is ranked
 * by each rate once (one sort per rate, each row's count of population members below it and equal to it read off the
 * window), so the cost grows as n log n, not with the square of the players. Every player with rates gets a row
 * (private ones and those under `minMatches` too: their page still shows where they would stand). A rate that is
 * null (a JSON null in x_bar) compares with nothing, as in SQL comparisons. Returns the rows written.
 */
export async function replacePlayerPercentiles(
  db: DB,
  seriesId: number,
  gameTypes: readonly MatchType[],
  minMatches: number,
): Promise<number> {
  if (gameTypes.length === 0) return 0;
  await db
    .deleteFrom('player_percentiles')
    .where('series_id', '=', seriesId)
    .where('game_type', 'in', [...gameTypes])
    .execute();
  // Per rate: `le` counts the population up to the row's rate, its ties included (a frame from the partition's
  // start, which PostgreSQL extends row by row), `eq` its ties (a partition by the rate, which the same sort serves).
  // A frame that excluded the ties instead would restart the count at every row: quadratic.
  const windows = [0, 1, 2, 3].map((i) =>
    sql.raw(`count(*) filter (where pop) over (g order by r${i} range between unbounded preceding and current row)
      as le${i}, count(*) filter (where pop) over (partition by game_type, r${i}) as eq${i}`),
  );
  // The few players who are not public, hashed once: cheaper than looking every skill row's player up.
  const hidden = sql`select steam_id from players where visibility <> 'public'`;
  const result = await sql`
    with rated as materialized (
      select s.steam_id, s.game_type, s.matches >= ${minMatches} and s.steam_id not in (${hidden}) as pop,
        (s.x_bar->>0)::float8 as r0, (s.x_bar->>1)::float8 as r1, (s.x_bar->>2)::float8 as r2,
        (s.x_bar->>3)::float8 as r3
      from player_skills s
      where s.series_id = ${seriesId} and s.game_type in (${sql.join([...gameTypes])})
        and jsonb_typeof(s.x_bar) = 'array'
    )
    insert into player_percentiles (series_id, steam_id, game_type, n, kpm_below, kpm_equal, dpm_above, dpm_equal,
      spm_below, spm_equal, cpm_below, cpm_equal)
    select ${seriesId}, steam_id, game_type, n,
      case when r0 is null then 0 else le0 - eq0 end, case when r0 is null then 0 else eq0 end,
      case when r1 is null then 0 else n1 - le1 end, case when r1 is null then 0 else eq1 end,
      case when r2 is null then 0 else le2 - eq2 end, case when r2 is null then 0 else eq2 end,
      case when r3 is null then 0 else le3 - eq3 end, case when r3 is null then 0 else eq3 end
    from (
      select steam_id, game_type, r0, r1, r2, r3, count(*) filter (where pop) over g as n,
        count(*) filter (where pop and r1 is not null) over g as n1, ${sql.join(windows)}
      from rated
      window g as (partition by game_type)
    ) counted
    -- In key order, the key's index grows at its end instead of at random places: half the cost of the insert.
    order by steam_id, game_type`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** The series and game types in which the player belongs to the skill population when public (rates, `minMatches`). */
export async function listPopulationsOf(
  db: DB,
  steamId: string,
  minMatches: number,
): Promise<{ series_id: number; game_type: MatchType }[]> {
  return db
    .selectFrom('player_skills')
    .select(['series_id', 'game_type'])
    .where('steam_id', '=', steamId)
    .where('matches', '>=', minMatches)
    .where(sql<boolean>`jsonb_typeof(x_bar) = 'array'`)
    .orderBy('series_id')
    .orderBy('game_type')
    .execute();
}
