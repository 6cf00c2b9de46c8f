import { blankEvent, noneToNull } from '../event.ts';
import type { LogEvent, LogEventType } from '../types.ts';
import { isPlayerId } from './ids.ts';

/** The 20 HLU LogLine columns, in CSV order. */
export const HLU_COLUMNS = [
  'event_time', 'event_type', 'player_name', 'player_id', 'player_team', 'player_role', 'player_combat_score',
  'player_offense_score', 'player_defense_score', 'player_support_score', 'player2_name', 'player2_id', 'player2_team',
  'player2_role', 'weapon', 'old', 'new', 'team_name', 'squad_name', 'message',
] as const;

const COLUMN_INDEX = Object.fromEntries(HLU_COLUMNS.map((c, i) => [c, i])) as Record<(typeof HLU_COLUMNS)[number], number>;

const KNOWN_TYPES = new Set<string>([
  'player_join_server', 'player_leave_server', 'player_change_team', 'player_change_squad', 'player_change_role',
  'player_change_loadout', 'player_enter_admin_cam', 'player_exit_admin_cam', 'player_level_up',
  'player_score_update', 'player_kill', 'player_teamkill', 'player_suicide', 'player_message', 'server_map_change',
  'server_match_start', 'server_warmup_end', 'server_match_end', 'team_capture_objective', 'squad_create',
  'squad_disband', 'squad_change_leader',
]);

const TIME_RE = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?(Z|[+-]\d{2}:?\d{2})?$/;

/** Parses Python `str(datetime)` / ISO-8601 timestamps to epoch ms (no offset = UTC); NaN when unreadable. */
export function parseHluTime(text: string): number {
  const m = TIME_RE.exec(text);
  if (!m) return Number.NaN;
  const ms = m[7] ? Math.floor(Number(m[7].padEnd(6, '0')) / 1000) : 0;
  let t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]), ms);
  const tz = m[8];
  if (tz && tz !== 'Z') {
    const sign = tz.startsWith('-') ? -1 : 1;
    const hhmm = tz.slice(1).replace(':', '');
    t -= sign * (Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(2, 4))) * 60_000;
  }
  return t;
}

function num(value: string | null): number | null {
  if (value === null) return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

/**
 * Converts one HLU LogLine (values in HLU_COLUMNS order; absent = null or '') into an event. Returns null when the
 * row is unreadable: bad time, unknown type, or a player row without a valid player id.
 */
export function hluRowToEvent(values: readonly (string | null | undefined)[]): LogEvent | null {
  const get = (column: (typeof HLU_COLUMNS)[number]): string | null => values[COLUMN_INDEX[column]] ?? null;
  const time = parseHluTime(get('event_time') ?? '');
  const type = get('event_type') ?? '';
  if (Number.isNaN(time) || !KNOWN_TYPES.has(type)) return null;
  const e = blankEvent(type as LogEventType, time);
  e.player_name = get('player_name');
  e.player_id = noneToNull(get('player_id'));
  e.player_team = noneToNull(get('player_team'));
  e.player_role = noneToNull(get('player_role'));
  e.player2_name = get('player2_name');
  e.player2_id = noneToNull(get('player2_id'));
  e.player2_team = noneToNull(get('player2_team'));
  e.weapon = noneToNull(get('weapon'));
  e.old = noneToNull(get('old'));
  e.new = noneToNull(get('new'));
  e.team_name = noneToNull(get('team_name'));
  e.squad_name = noneToNull(get('squad_name'));
  e.message = get('message');
  if (e.message === '') e.message = null;
  e.combat = num(noneToNull(get('player_combat_score')));
  e.offense = num(noneToNull(get('player_offense_score')));
  e.defense = num(noneToNull(get('player_defense_score')));
  e.support = num(noneToNull(get('player_support_score')));
  if (type.startsWith('player_') && (e.player_id === null || !isPlayerId(e.player_id))) return null;
  if ((type === 'player_kill' || type === 'player_teamkill') && (e.player2_id === null || !isPlayerId(e.player2_id))) {
    return null;
  }
  if (e.player_name === null && e.player_id !== null) e.player_name = '';
  return e;
}
