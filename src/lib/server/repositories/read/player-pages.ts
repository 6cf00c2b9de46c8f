import type { DB } from '#lib/server/db/index.ts';
import type { MatchType, Side } from '#lib/server/db/tables/matches.ts';
import type { PlayerPercentilesTable } from '#lib/server/db/tables/player-percentiles.ts';

/** Counts of the population below and equal to the player, per rate, in one game type (a player_percentiles row). */
export type PercentileCounts = Omit<PlayerPercentilesTable, 'series_id' | 'steam_id'>;

/**
 * The player's percentile counts per game type of the series, as the skills refresh stored them (player_percentiles:
 * the skill population of public players with at least POPULATION_MIN_MATCHES matches and rates; the player counts
 * as one of them when they qualify). One lookup by the table's key; no row for a game type without rates.
 */
export function findPercentileCounts(db: DB, seriesId: number, steamId: string): Promise<PercentileCounts[]> {
  return db
    .selectFrom('player_percentiles')
    .selectAll()
    .where('series_id', '=', seriesId)
    .where('steam_id', '=', steamId)
    .execute();
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
