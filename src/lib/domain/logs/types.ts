import type { LogFormat } from '#lib/schemas/log-formats.ts';

export type { LogFormat } from '#lib/schemas/log-formats.ts';

/** Event kinds; names follow HLU's `event_type` so CSV/JSON rows map 1:1. `other` keeps readable lines we do not model. */
export type LogEventType =
  | 'player_join_server'
  | 'player_leave_server'
  | 'player_change_team'
  | 'player_change_squad'
  | 'player_change_role'
  | 'player_change_loadout'
  | 'player_enter_admin_cam'
  | 'player_exit_admin_cam'
  | 'player_level_up'
  | 'player_score_update'
  | 'player_kill'
  | 'player_teamkill'
  | 'player_suicide'
  | 'player_message'
  | 'server_map_change'
  | 'server_match_start'
  | 'server_warmup_end'
  | 'server_match_end'
  | 'team_capture_objective'
  | 'squad_create'
  | 'squad_disband'
  | 'squad_change_leader'
  | 'other';

/**
 * One log event in the common model, shaped like HLU's LogLine (null = absent / `None`).
 * `time` is epoch milliseconds UTC. Score fields are only set on `player_score_update`
 * (with `kills`/`deaths` from the `KD: k/d` part).
 */
export interface LogEvent {
  type: LogEventType;
  time: number;
  player_name: string | null;
  player_id: string | null;
  player_team: string | null;
  player_role: string | null;
  player2_name: string | null;
  player2_id: string | null;
  player2_team: string | null;
  weapon: string | null;
  old: string | null;
  new: string | null;
  team_name: string | null;
  squad_name: string | null;
  message: string | null;
  combat: number | null;
  offense: number | null;
  defense: number | null;
  support: number | null;
}

/** Result of reading a whole file: events in file order plus the count of unreadable lines. */
export interface ParsedLog {
  format: LogFormat;
  events: LogEvent[];
  skippedLines: number;
}

/** Options shared by the parse entry points. */
export interface ParseOptions {
  /** Format; detected with `detectFormat` when omitted. */
  format?: LogFormat;
  /** Year of the first line of an `hlu-txt` log (its timestamps have none); defaults to the current UTC year. */
  year?: number;
  /** 0-based index of the complete match to return when the file holds several. */
  match?: number;
}

/** A complete match (MATCH START .. MATCH ENDED) found in an event list. */
export interface MatchSlice {
  index: number;
  /** Epoch ms of MATCH START / MATCH ENDED. */
  start: number;
  end: number;
  /** Events from MATCH START through MATCH ENDED plus the score lines written right after it. */
  events: LogEvent[];
  /** Players connected (per earlier connect/disconnect lines) at MATCH START, with what earlier lines said of them. */
  presentAtStart: Map<string, PlayerAtStart>;
}

/** What the lines before MATCH START said about a player still connected at MATCH START. */
export interface PlayerAtStart {
  name: string;
  team: string | null;
  role: string | null;
  squad: string | null;
}

/** Summary of one complete match, used to let a caller choose with `match`. */
export interface MatchCandidate {
  index: number;
  start: string;
  end: string;
  map: string;
  score: string;
}

export type Side = 'Allies' | 'Axis';

export interface RoleChange {
  role: string;
  /** Seconds from match start. */
  at: number;
}

export interface SquadMembership {
  squad: string;
  /** Seconds from match start. */
  joined: number;
  /** Seconds from match start; closed at disconnect or match end. */
  left: number;
}

/** Statistics of one player in one match (snake_case: these map 1:1 to database columns). See stats/player-stats.ts. */
export interface PlayerMatchStats {
  id: string;
  side: Side | null;
  name: string;
  aliases: string[];
  playtime: number;
  kills: number;
  deaths: number;
  teamkills: number;
  suicides: number;
  kpm: number;
  dpm: number;
  cpm: number;
  spm: number;
  max_streak: number;
  combat_points: number;
  offensive_points: number;
  defensive_points: number;
  support_points: number;
  weapons: Record<string, number>;
  roles: RoleChange[];
  squads: SquadMembership[];
  killers: Record<string, number>;
  victims: Record<string, number>;
  kill_events: number[];
}

export interface CapFlip {
  /** Seconds from match start. */
  at: number;
  /** Side that captured. */
  side: Side;
  /** Score after the capture, 'A-X'. */
  new_score: string;
}

/** Enemy kills by the weapon categories the community calls "support" weapons. */
export interface SupportBreakdown {
  pak: number;
  bazooka: number;
  satchel: number;
  grenade: number;
  mine: number;
  machine_gun: number;
  sniper: number;
}

/** Per-side totals; see stats/kill-statistics.ts for definitions. */
export interface SideKillStatistics {
  kills: number;
  deaths: number;
  teamkills: number;
  suicides: number;
  /** Enemy kills per weapon category ('unknown' for None / uncatalogued weapons). */
  by_category: Record<string, number>;
  support: SupportBreakdown;
}

export interface KillStatistics {
  Allies: SideKillStatistics;
  Axis: SideKillStatistics;
}

/** One complete match with its statistics. */
export interface ParsedMatch {
  format: LogFormat;
  index: number;
  start: string;
  end: string;
  /** ISO 8601 UTC of MATCH START (same instant as `start`). */
  date: string;
  /** Whole minutes from start to end (rounded). */
  duration: number;
  /** Catalogue map id ('carentan'), or null when the map string is not in the catalogue. */
  map: string | null;
  /** Catalogue display name, else the raw map string. */
  map_name: string;
  /** The map string as logged in MATCH START. */
  map_raw: string;
  gamemode: string;
  allied_score: number;
  axis_score: number;
  /** Side with the higher score; null for a draw. */
  victor_side: Side | null;
  /** Winner's score first, e.g. '3-2'. */
  result: string;
  cap_flips: CapFlip[];
  kill_statistics: KillStatistics;
  players: Record<string, PlayerMatchStats>;
  skipped_lines: number;
}
