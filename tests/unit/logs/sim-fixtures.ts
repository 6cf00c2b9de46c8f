import { LOG_FORMATS } from '#lib/schemas/log-formats.ts';
import { samplePlayers, simulateMatch } from '#lib/domain/logs/write/index.ts';
import type { SimulatedMatch, SimPlayer } from '#lib/domain/logs/write/index.ts';
import type { LogFormat, ParsedMatch, PlayerMatchStats } from '#lib/domain/logs/types.ts';

/** Every format of the table (schemas/log-formats.ts): a new entry is written, recognised and read by these tests at once. */
export const FORMATS: readonly LogFormat[] = LOG_FORMATS;

const PLAYERS: SimPlayer[] = samplePlayers(101, 100, { eosShare: 0.2 });
export const ALLIES: SimPlayer[] = PLAYERS.slice(0, 50);
export const AXIS: SimPlayer[] = PLAYERS.slice(50);

/** The standard 50 vs 50, 90-minute simulated match used across the log tests. */
export function standardMatch(seed = 7, start = new Date('2025-06-01T18:00:00Z')): SimulatedMatch {
  return simulateMatch({ seed, start, map: 'carentan', allies: ALLIES, axis: AXIS, alliedScore: 3, axisScore: 2 });
}

/** Player stats without what some formats lack (rcon has no scores, roles or squads). */
export function comparable(p: PlayerMatchStats | undefined): Partial<PlayerMatchStats> | undefined {
  if (!p) return undefined;
  const {
    roles: _r,
    squads: _s,
    combat_points: _c,
    offensive_points: _o,
    defensive_points: _d,
    support_points: _p,
    cpm: _cpm,
    spm: _spm,
    ...rest
  } = p;
  return rest;
}

/** Match-level fields every format has. */
export function matchCore(m: ParsedMatch): Record<string, unknown> {
  return {
    start: m.start,
    end: m.end,
    date: m.date,
    duration: m.duration,
    map: m.map,
    map_name: m.map_name,
    gamemode: m.gamemode,
    allied_score: m.allied_score,
    axis_score: m.axis_score,
    victor_side: m.victor_side,
    result: m.result,
    kill_statistics: m.kill_statistics,
  };
}
