import type { LogEvent, LogEventType } from './types.ts';

/** A new event of `type` at `time` (epoch ms) with every other field null; callers fill what the line carries. */
export function blankEvent(type: LogEventType, time: number): LogEvent {
  return {
    type,
    time,
    player_name: null,
    player_id: null,
    player_team: null,
    player_role: null,
    player2_name: null,
    player2_id: null,
    player2_team: null,
    weapon: null,
    old: null,
    new: null,
    team_name: null,
    squad_name: null,
    message: null,
    combat: null,
    offense: null,
    defense: null,
    support: null,
  };
}

/** `None` and the empty string both mean "absent" in HLU output. */
export function noneToNull(value: string | null | undefined): string | null {
  return value === undefined || value === null || value === '' || value === 'None' ? null : value;
}
