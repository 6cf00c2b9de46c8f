/** Reads behind the ratings methodology page and the pre-match predictions. */
import { sql } from 'kysely';
import type { DB } from '#lib/server/db/index.ts';

/** A team of a series with its stored rating. */
export interface SeriesTeamRating {
  team_id: number;
  tag: string;
  name: string;
  mu: number;
  sigma: number;
  num_matches: number;
  last_updated: Date | null;
}

/** The series' teams with their ratings, by tag. */
export function listSeriesTeamRatings(db: DB, seriesId: number): Promise<SeriesTeamRating[]> {
  return db
    .selectFrom('team_ratings as r')
    .innerJoin('teams as t', 't.id', 'r.team_id')
    .select(['r.team_id', 't.tag', 't.name', 'r.mu', 'r.sigma', 'r.num_matches', 'r.last_updated'])
    .where('r.series_id', '=', seriesId)
    .orderBy('t.tag')
    .execute();
}

/**
 * A fingerprint of the series' rated matches: their count, newest id and the sum of their stored win
 * probabilities. Any rating pass, recompute with other parameters, deletion or re-parse changes it.
 */
export async function ratedMatchesFingerprint(db: DB, seriesId: number): Promise<string> {
  const row = await db
    .selectFrom('matches')
    .select([
      sql<string>`count(*)::text`.as('n'),
      sql<string>`coalesce(max(id), 0)::text`.as('last'),
      sql<string>`coalesce(sum(win_probability), 0)::text`.as('sum'),
    ])
    .where('series_id', '=', seriesId)
    .where('calculation_status', '=', 'posted')
    .where('type', '!=', 'friendly')
    .executeTakeFirstOrThrow();
  return `${row.n}:${row.last}:${row.sum}`;
}

/** The two registered teams of a match of the series (null for an unregistered side), or undefined. */
export function findMatchTeams(
  db: DB,
  seriesId: number,
  matchId: number,
): Promise<{ winner_team_id: number | null; loser_team_id: number | null; date: Date } | undefined> {
  return db
    .selectFrom('matches')
    .select(['winner_team_id', 'loser_team_id', 'date'])
    .where('series_id', '=', seriesId)
    .where('id', '=', matchId)
    .executeTakeFirst();
}
