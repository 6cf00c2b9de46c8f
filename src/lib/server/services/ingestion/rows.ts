import type { ParsedMatch } from '#lib/domain/logs/index.ts';
import { lineMatchPercentiles } from '#lib/domain/skill/index.ts';
import { jsonText } from '#lib/server/db/json-text.ts';
import type { NewMatch, Side } from '#lib/server/db/tables/matches.ts';
import type { PlayerStatRecord, SeenPlayer } from '#lib/server/repositories/players-write.ts';
import type { MatchFacts } from './facts.ts';
import { gameKey } from './same-game.ts';

/** Columns a stored row keeps across a re-parse (set later by other parts of the site). */
export interface KeptPlayerColumns {
  streamer: string | null;
  side_percentile: number | null;
  all_percentile: number | null;
}

/**
 * One player_match_stats row per player of the parsed match. `team_id` follows the side: the victor side's players
 * belong to the winner, the other side's to the loser, a player without a side (or a draw) to no team.
 */
export function playerStatRows(
  matchId: number,
  parsed: ParsedMatch,
  victorSide: Side | null,
  teams: { winnerId: number | null; loserId: number | null },
  kept: ReadonlyMap<string, KeptPlayerColumns> = new Map(),
): PlayerStatRecord[] {
  return Object.entries(parsed.players).map(([steamId, p]) => {
    const teamId = !p.side || !victorSide ? null : p.side === victorSide ? teams.winnerId : teams.loserId;
    const previous = kept.get(steamId);
    return {
      match_id: matchId,
      steam_id: steamId,
      team_id: teamId,
      side: p.side,
      name: p.name,
      aliases: p.aliases,
      playtime: p.playtime,
      kills: p.kills,
      deaths: p.deaths,
      teamkills: p.teamkills,
      suicides: p.suicides,
      kpm: p.kpm,
      dpm: p.dpm,
      cpm: p.cpm,
      spm: p.spm,
      max_streak: p.max_streak,
      combat_points: p.combat_points,
      offensive_points: p.offensive_points,
      defensive_points: p.defensive_points,
      support_points: p.support_points,
      weapons: p.weapons,
      roles: p.roles,
      squads: p.squads,
      killers: p.killers,
      victims: p.victims,
      kill_events: p.kill_events,
      streamer: previous?.streamer ?? null,
      side_percentile: previous?.side_percentile ?? null,
      all_percentile: previous?.all_percentile ?? null,
    };
  });
}

/**
 * `rows` (the lines of one match) with each player's in-match percentiles (lineMatchPercentiles, as the refresh of
 * derived data ranks stored lines), so that a reported match has them once it is stored instead of after the next
 * rating pass of its series.
 */
export function withMatchPercentiles(rows: readonly PlayerStatRecord[]): PlayerStatRecord[] {
  const ranked = lineMatchPercentiles(rows);
  return rows.map((r, i) => ({
    ...r,
    side_percentile: ranked[i]!.side_percentile,
    all_percentile: ranked[i]!.all_percentile,
  }));
}

/** The players of a parsed match for the players / player_aliases tables. */
export function seenPlayers(parsed: ParsedMatch): SeenPlayer[] {
  return Object.entries(parsed.players).map(([steamId, p]) => ({ steamId, name: p.name, aliases: p.aliases }));
}

/** Match columns that come from the log and the (overridden) facts; a re-parse rewrites exactly these. */
export type LogMatchColumns = Required<
  Pick<
    NewMatch,
    | 'map'
    | 'date'
    | 'duration'
    | 'result'
    | 'victor_side'
    | 'gamemode'
    | 'cap_flips'
    | 'kill_statistics'
    | 'log_format'
    | 'log_match_index'
    | 'game_key'
  >
>;

/** The match columns that come from the log and the (overridden) facts. */
export function matchColumnsFromLog(parsed: ParsedMatch, facts: MatchFacts): LogMatchColumns {
  return {
    map: facts.map,
    date: facts.date,
    duration: facts.duration,
    result: facts.result,
    victor_side: facts.victor_side,
    gamemode: parsed.gamemode || null,
    cap_flips: jsonText(parsed.cap_flips),
    kill_statistics: jsonText(parsed.kill_statistics),
    log_format: parsed.format,
    log_match_index: parsed.index,
    game_key: gameKey(parsed),
  };
}
