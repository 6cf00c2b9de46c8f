import { sql } from 'kysely';
import type { DB } from '../db/index.ts';

export interface RankedTeamRow {
  tag: string;
  name: string;
  icon: string | null;
  mu: number;
  sigma: number;
  num_matches: number;
}

/** Active teams of the series ordered as the rankings show them: ranked (enough matches) by score, then pending. */
export function listRankedTeams(db: DB, seriesId: number, rankedAfter: number, limit: number): Promise<RankedTeamRow[]> {
  return db
    .selectFrom('team_ratings')
    .innerJoin('teams', 'teams.id', 'team_ratings.team_id')
    .select(['teams.tag', 'teams.name', 'teams.icon', 'team_ratings.mu', 'team_ratings.sigma', 'team_ratings.num_matches'])
    .where('team_ratings.series_id', '=', seriesId)
    .where('teams.deleted_at', 'is', null)
    .where('teams.inactive', '=', false)
    .orderBy(sql`(team_ratings.num_matches >= ${rankedAfter})`, 'desc')
    .orderBy(sql`team_ratings.mu - 3 * team_ratings.sigma`, 'desc')
    .orderBy('teams.tag')
    .limit(limit)
    .execute();
}

export interface LatestMatchRow {
  id: number;
  date: Date;
  winner_tag: string;
  loser_tag: string;
  result: string;
  map: string;
  type: string;
  calculation_status: string;
}

/** The newest public matches of the series. */
export function listLatestMatches(db: DB, seriesId: number, limit: number): Promise<LatestMatchRow[]> {
  return db
    .selectFrom('matches')
    .select(['id', 'date', 'winner_tag', 'loser_tag', 'result', 'map', 'type', 'calculation_status'])
    .where('series_id', '=', seriesId)
    .where('visibility', '=', 'public')
    .orderBy('date', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Counts for the home page: active teams, distinct players seen and entered (public) matches of the series. */
export async function countSeriesTotals(db: DB, seriesId: number): Promise<{ teams: number; players: number; matches: number }> {
  const [teams, players, matches] = await Promise.all([
    db
      .selectFrom('team_ratings')
      .innerJoin('teams', 'teams.id', 'team_ratings.team_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('team_ratings.series_id', '=', seriesId)
      .where('teams.deleted_at', 'is', null)
      .where('teams.inactive', '=', false)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('player_match_stats')
      .innerJoin('matches', 'matches.id', 'player_match_stats.match_id')
      .innerJoin('players', 'players.steam_id', 'player_match_stats.steam_id')
      .select(sql<number>`count(distinct player_match_stats.steam_id)::int`.as('n'))
      .where('matches.series_id', '=', seriesId)
      .where('matches.visibility', '=', 'public')
      .where('players.visibility', '=', 'public')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('matches')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('series_id', '=', seriesId)
      .where('visibility', '=', 'public')
      .executeTakeFirstOrThrow(),
  ]);
  return { teams: Number(teams.n), players: Number(players.n), matches: Number(matches.n) };
}
