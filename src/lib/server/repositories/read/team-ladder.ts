import { sql } from 'kysely';
import type { DB } from '#lib/server/db/index.ts';
import { SCORE_SIGMAS } from '#lib/domain/rating/ranking.ts';

/**
 * The last results of `teamIds` in the series' posted public matches (the ones their record counts), newest
 * first, at most `count` each: true for a win.
 */
export async function listLastResults(
  db: DB,
  seriesId: number,
  teamIds: readonly number[],
  count = 5,
): Promise<Map<number, boolean[]>> {
  const results = new Map<number, boolean[]>();
  if (teamIds.length === 0) return results;
  const ids = sql.join(teamIds.map((id) => sql`${id}`));
  const rows = await sql<{ team_id: number; won: boolean }>`
    select y.team_id, y.won from (
      select x.team_id, x.won,
        row_number() over (partition by x.team_id order by x.date desc, x.id desc) as n
      from (
        select m.id, m.date, m.winner_team_id as team_id, true as won from matches m
        where m.series_id = ${seriesId} and m.visibility = 'public' and m.calculation_status = 'posted'
          and m.winner_team_id in (${ids})
        union all
        select m.id, m.date, m.loser_team_id as team_id, false as won from matches m
        where m.series_id = ${seriesId} and m.visibility = 'public' and m.calculation_status = 'posted'
          and m.loser_team_id in (${ids})
      ) x
    ) y
    where y.n <= ${count}
    order by y.team_id, y.n`.execute(db);
  for (const row of rows.rows) {
    const list = results.get(row.team_id) ?? [];
    list.push(row.won);
    results.set(row.team_id, list);
  }
  return results;
}

/**
 * The ranks the series' live teams (with the same `inactive` flag) had at `at`, from their ratings after their
 * last public match before it, ordered as the ladder is (ranked before pending, score, tag); teams without a
 * rated public match by then are not in it.
 */
export async function listRanksAt(
  db: DB,
  seriesId: number,
  rankedAfter: number,
  inactive: boolean,
  at: Date,
): Promise<Map<number, number>> {
  const rows = await sql<{ team_id: number; rank: number }>`
    with past as (
      select distinct on (h.team_id) h.team_id, h.mu, h.sigma, h.num_matches
      from rating_history h
      join matches m on m.id = h.match_id
      where h.series_id = ${seriesId} and m.series_id = ${seriesId} and m.visibility = 'public' and h.date <= ${at}
      order by h.team_id, h.date desc, h.id desc
    )
    select p.team_id,
      (row_number() over (order by (p.num_matches >= ${rankedAfter}) desc, p.mu - ${sql.lit(SCORE_SIGMAS)} * p.sigma desc, lower(t.tag), t.id))::int as rank
    from past p
    join teams t on t.id = p.team_id
    where t.deleted_at is null and t.inactive = ${inactive}`.execute(db);
  return new Map(rows.rows.map((r) => [Number(r.team_id), Number(r.rank)]));
}
