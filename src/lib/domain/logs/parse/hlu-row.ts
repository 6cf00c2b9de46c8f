import { blankEvent, noneToNull } from '#lib/domain/logs/event.ts';
import type { LogEvent, LogEventType } from '#lib/domain/logs/types.ts';
import { isPlayerId } from './ids.ts';

/** The 20 HLU LogLine columns, in CSV order. */
export const HLU_COLUMNS = [
  'event_time',
  'event_type',
  'player_name',
  'player_id',
  'player_team',
  'player_role',
  'player_combat_score',
  'player_offense_score',
  'player_defense_score',
  'player_support_score',
  'player2_name',
  'player2_id',
  'player2_team',
  'player2_role',
  'weapon',
  'old',
  'new',
  'team_name',
  'squad_name',
  'message',
] as const;

const KNOWN_TYPES = new Set<string>([
  'player_join_server',
  'player_leave_server',
  'player_change_team',
  'player_change_squad',
  'player_change_role',
  'player_change_loadout',
  'player_enter_admin_cam',
  'player_exit_admin_cam',
  'player_level_up',
  'player_score_update',
  'player_kill',
  'player_teamkill',
  'player_suicide',
  'player_message',
  'server_map_change',
  'server_match_start',
  'server_warmup_end',
  'server_match_end',
  'team_capture_objective',
  'squad_create',
  'squad_disband',
  'squad_change_leader',
]);

// Raw type -> the same text as a constant: later `e.type === '...'` tests then compare pointers, not characters.
const TYPE_OF = new Map<string, LogEventType>([...KNOWN_TYPES].map((t) => [t, t as LogEventType]));

const TIME_RE = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?(Z|[+-]\d{2}:?\d{2})?$/;

/** Two ASCII digits at `at` as a number, or -1. */
function digits2(text: string, at: number): number {
  const a = text.charCodeAt(at) - 48;
  const b = text.charCodeAt(at + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

// Date.UTC of the last calendar day read by the fast path: a log's lines share a handful of days.
let lastDayKey = -1;
let lastDayMs = 0;

/**
 * Fast path for `YYYY-MM-DD HH:MM:SS` optionally followed by `Z` or `+00:00` (what HLU writes); -1 when the text
 * has another shape (the regex then decides). Same arithmetic as the regex path: Date.UTC(day) + time of day.
 */
function quickTime(text: string): number {
  const n = text.length;
  if (n !== 19 && n !== 20 && n !== 25) return -1;
  if (n === 20 && text.charCodeAt(19) !== 90) return -1;
  if (n === 25 && !text.endsWith('+00:00', 25)) return -1;
  const c10 = text.charCodeAt(10);
  if (text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45 || (c10 !== 32 && c10 !== 84)) return -1;
  if (text.charCodeAt(13) !== 58 || text.charCodeAt(16) !== 58) return -1;
  const y1 = digits2(text, 0);
  const y2 = digits2(text, 2);
  const mo = digits2(text, 5);
  const d = digits2(text, 8);
  const h = digits2(text, 11);
  const mi = digits2(text, 14);
  const sec = digits2(text, 17);
  if ((y1 | y2 | mo | d | h | mi | sec) < 0) return -1;
  const key = ((y1 * 100 + y2) * 100 + mo) * 100 + d;
  if (key !== lastDayKey) {
    lastDayMs = Date.UTC(y1 * 100 + y2, mo - 1, d);
    lastDayKey = key;
  }
  return lastDayMs + ((h * 60 + mi) * 60 + sec) * 1000;
}

/** Parses Python `str(datetime)` / ISO-8601 timestamps to epoch ms (no offset = UTC); NaN when unreadable. */
export function parseHluTime(text: string): number {
  const quick = quickTime(text);
  if (quick >= 0) return quick;
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
  // Indexes are HLU_COLUMNS positions.
  const time = parseHluTime(values[0] ?? '');
  const type = TYPE_OF.get(values[1] ?? '');
  if (Number.isNaN(time) || type === undefined) return null;
  const e = blankEvent(type, time);
  e.player_name = values[2] ?? null;
  e.player_id = noneToNull(values[3]);
  e.player_team = noneToNull(values[4]);
  e.player_role = noneToNull(values[5]);
  e.player2_name = values[10] ?? null;
  e.player2_id = noneToNull(values[11]);
  e.player2_team = noneToNull(values[12]);
  e.weapon = noneToNull(values[14]);
  e.old = noneToNull(values[15]);
  e.new = noneToNull(values[16]);
  e.team_name = noneToNull(values[17]);
  e.squad_name = noneToNull(values[18]);
  e.message = values[19] ?? null;
  if (e.message === '') e.message = null;
  e.combat = num(noneToNull(values[6]));
  e.offense = num(noneToNull(values[7]));
  e.defense = num(noneToNull(values[8]));
  e.support = num(noneToNull(values[9]));
  if (type.startsWith('player_') && (e.player_id === null || !isPlayerId(e.player_id))) return null;
  if ((type === 'player_kill' || type === 'player_teamkill') && (e.player2_id === null || !isPlayerId(e.player2_id))) {
    return null;
  }
  if (e.player_name === null && e.player_id !== null) e.player_name = '';
  return e;
}
