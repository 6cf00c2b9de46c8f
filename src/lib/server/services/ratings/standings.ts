import { rankTeams } from '#lib/domain/rating/index.ts';
import type { DB } from '#lib/server/db/index.ts';

/** A team's place in a series: score = mu - 3 sigma; 'ranked' once it has played ranked_after_matches matches. */
export interface Standing {
  team_id: number;
  mu: number;
  sigma: number;
  score: number;
  num_matches: number;
  wins: number;
  losses: number;
  last_updated: Date | null;
  ranking: 'ranked' | 'pending';
  /** 1-based position: ranked teams first by score, then pending teams by score (see rankTeams). */
  rank: number;
}

/** The leaderboard of a series' live teams. */
export async function seriesStandings(db: DB, seriesId: number): Promise<Standing[]> {
  const series = await db
    .selectFrom('series')
    .select('ranked_after_matches')
    .where('id', '=', seriesId)
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('team_ratings as r')
    .innerJoin('teams as t', 't.id', 'r.team_id')
    .select(['r.team_id', 'r.mu', 'r.sigma', 'r.num_matches', 'r.wins', 'r.losses', 'r.last_updated'])
    .where('r.series_id', '=', seriesId)
    .where('t.deleted_at', 'is', null)
    .execute();
  const byId = new Map(rows.map((r) => [r.team_id, r]));
  return rankTeams(
    rows.map((r) => [r.team_id, r] as const),
    series.ranked_after_matches,
  ).map((t) => {
    const r = byId.get(t.team as number)!;
    return { ...r, score: t.score, ranking: t.ranked ? 'ranked' : 'pending', rank: t.rank };
  });
}
