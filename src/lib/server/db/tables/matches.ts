import type { Generated, Selectable, Insertable, Updateable } from 'kysely';
import type { Json, JsonWithDefault } from './json.ts';

export type MatchType = 'friendly' | 'competitive' | 'event';
export type CalculationStatus = 'pending' | 'queued' | 'processing' | 'posted' | 'skipped' | 'disputed';
export type Side = 'Allies' | 'Axis';
export type Visibility = 'public' | 'private';
/** What a report set instead of the log (migration 0002). */
export interface ReportOverrides {
  result?: string;
  map?: string;
  date?: string;
  victor_side?: Side;
  duration?: number;
  /** Year given for an hlu-txt log (its lines carry none), kept so that a re-parse dates the match the same way. */
  year?: number;
}
export interface CapFlip {
  at: number;
  side: Side;
  new_score: string;
}

export interface MatchesTable {
  id: Generated<number>;
  series_id: number;
  title: string | null;
  type: MatchType;
  tournament_id: number | null;
  /** Map id from the catalogue (e.g. 'carentan'). */
  map: string;
  map_layout: JsonWithDefault<unknown[]>;
  date: Date;
  /** Minutes. */
  duration: Generated<number>;
  /** 'N-M', winner first. */
  result: string;
  victor_side: Side | null;
  winner_tag: string;
  loser_tag: string;
  winner_team_id: number | null;
  loser_team_id: number | null;
  calculation_status: CalculationStatus;
  visibility: Generated<Visibility>;
  defensive_players: JsonWithDefault<Record<Side, string[]>>;
  submitted_by_tag: string | null;
  submitted_by_username: string | null;
  submitted_by_team_id: number | null;
  submitted_by_user_id: number | null;
  cap_flips: JsonWithDefault<CapFlip[]>;
  streams: JsonWithDefault<Record<string, string>>;
  gamemode: string | null;
  kill_statistics: Json<Record<string, unknown>> | null;
  url: string | null;
  log_upload_id: number | null;
  log_format: string | null;
  log_match_index: number | null;
  /** 'log', 'import' or 'demo'. */
  source: Generated<string>;
  import_key: string | null;
  winner_mu_before: number | null;
  winner_sigma_before: number | null;
  loser_mu_before: number | null;
  loser_sigma_before: number | null;
  winner_mu_after: number | null;
  winner_sigma_after: number | null;
  loser_mu_after: number | null;
  loser_sigma_after: number | null;
  /** Predicted probability, before the match, that the winner wins. */
  win_probability: number | null;
  rated_at: Date | null;
  approved_by_user_id: number | null;
  approved_at: Date | null;
  disputed_by_user_id: number | null;
  disputed_at: Date | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  /** Fields the reporter gave instead of the log's (result, map, date, victor_side, duration); reparse keeps them. */
  report_overrides: Json<ReportOverrides> | null;
  /** Hash of the players and their kill times (migration 0009): the same game from any log format has the same. */
  game_key: string | null;
}
export type MatchRow = Selectable<MatchesTable>;
export type NewMatch = Insertable<MatchesTable>;
export type MatchUpdate = Updateable<MatchesTable>;
