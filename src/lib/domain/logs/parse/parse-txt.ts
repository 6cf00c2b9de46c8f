import type { LogEvent, ParsedLog } from '#lib/domain/logs/types.ts';
import { newIdTable } from './id-table.ts';
import type { IdTable } from './id-table.ts';
import { killEvent, txtEvent } from './txt-details.ts';

const MONTHS: Record<string, number> = {
  Jan: 0,
  Feb: 1,
  Mar: 2,
  Apr: 3,
  May: 4,
  Jun: 5,
  Jul: 6,
  Aug: 7,
  Sep: 8,
  Oct: 9,
  Nov: 10,
  Dec: 11,
};

function digits2(text: string, at: number): number {
  const a = text.charCodeAt(at) - 48;
  const b = text.charCodeAt(at + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

const DAY = 86_400;

// The month name of the last stamp read, as char codes: a log's lines share a month, so most reads skip the lookup.
let lastMonthCodes = -1;
let lastMonthIndex = -1;

/** MONTHS[text.slice(at, at + 3)] without the substring when the month is the one read last. */
function monthAt(text: string, at: number): number | undefined {
  const codes = text.charCodeAt(at) * 0x10000 + text.charCodeAt(at + 1) * 0x100 + text.charCodeAt(at + 2);
  if (codes === lastMonthCodes && text.charCodeAt(at + 1) < 0x100 && text.charCodeAt(at + 2) < 0x100)
    return lastMonthIndex;
  const month = MONTHS[text.slice(at, at + 3)];
  if (month !== undefined) {
    lastMonthCodes = codes;
    lastMonthIndex = month;
  }
  return month;
}

/**
 * Reads `HH:MM:SS - Ddd, Mmm DD` at `at` in a line ending at `end` (22 chars, the line at least 23 long), packed as
 * (month * 32 + day) * DAY + seconds of the day; -1 when absent. A number instead of an object: one per line.
 */
function readStamp(text: string, at: number, end: number): number {
  if (end - at < 23 || text.charCodeAt(at + 2) !== 58 || text.charCodeAt(at + 5) !== 58) return -1;
  // ' - ' at 8..10, ', ' at 14..15, ' ' at 19.
  if (text.charCodeAt(at + 8) !== 32 || text.charCodeAt(at + 9) !== 45 || text.charCodeAt(at + 10) !== 32) return -1;
  if (text.charCodeAt(at + 14) !== 44 || text.charCodeAt(at + 15) !== 32 || text.charCodeAt(at + 19) !== 32) return -1;
  const h = digits2(text, at);
  const mi = digits2(text, at + 3);
  const s = digits2(text, at + 6);
  const month = monthAt(text, at + 16);
  const day = digits2(text, at + 20);
  if (h < 0 || h > 23 || mi < 0 || mi > 59 || s < 0 || s > 60 || month === undefined || day < 1 || day > 31) return -1;
  return (month * 32 + day) * DAY + h * 3600 + mi * 60 + s;
}

/**
 * `text.slice(from, to).trimEnd()`: labels are padded to 20 with spaces, so the usual case is read in place, and the
 * two kill labels come back as constants (no substring for most lines, and later label tests compare pointers).
 */
function labelOf(text: string, from: number, to: number): string {
  let end = to;
  while (end > from && text.charCodeAt(end - 1) === 32) end--;
  const last = text.charCodeAt(end - 1);
  // Another trailing whitespace character (tab, NBSP, ...): let trimEnd decide.
  if (end > from && (last < 33 || last > 126)) return text.slice(from, to).trimEnd();
  const n = end - from;
  if (n === 4 && text.startsWith('KILL', from)) return 'KILL';
  if (n === 9 && text.startsWith('TEAM KILL', from)) return 'TEAM KILL';
  return text.slice(from, end);
}

/** The line waiting for its event: details are text[from, to) plus `extra` (CHAT continuation lines), if any. */
interface Pending {
  time: number;
  label: string | null;
  from: number;
  to: number;
  extra: string | null;
}

interface Output {
  events: LogEvent[];
  skipped: number;
}

/** Turns the pending line into an event (or counts it as skipped) and clears it. */
function flush(p: Pending, text: string, ids: IdTable, out: Output): void {
  const label = p.label;
  if (label === null) return;
  p.label = null;
  let e: LogEvent | null;
  // Kill lines (most of a log) are read in place; every other line gets its details as a string.
  if (p.extra === null && (label === 'KILL' || label === 'TEAM KILL')) {
    e = killEvent(label === 'KILL' ? 'player_kill' : 'player_teamkill', p.time, text, p.from, p.to, ids);
  } else {
    const details = text.slice(p.from, p.to);
    e = txtEvent(p.time, label, p.extra === null ? details : details + p.extra, ids);
  }
  if (e) out.events.push(e);
  else out.skipped++;
}

/**
 * Parses an HLU text export. Timestamps carry no year: the first line is in `year` and the year increases whenever
 * the month goes backwards (a Dec 31 -> Jan 01 crossing). Unreadable lines are counted, never fatal; lines without a
 * timestamp continue the previous CHAT line (messages can hold newlines) or are skipped.
 */
export function parseTxt(text: string, year: number): ParsedLog {
  const out: Output = { events: [], skipped: 0 };
  let currentYear = year;
  let lastMonth = -1;
  // Date.UTC of the last (year, month, day) seen: a log's lines share a handful of days.
  let dayKey = -1;
  let dayMs = 0;
  const pending: Pending = { time: 0, label: null, from: 0, to: 0, extra: null };
  const ids = newIdTable();
  // Lines are read in place ([at, end) without the '\r'), as text.split('\n') would give them.
  let at = 0;
  for (;;) {
    let next = text.indexOf('\n', at);
    if (next < 0) next = text.length;
    let end = next;
    if (end > at && text.charCodeAt(end - 1) === 13) end--;
    const stamp = readStamp(text, at, end);
    if (stamp < 0 || text.charCodeAt(at + 22) !== 9) {
      const line = text.slice(at, end);
      if (pending.label !== null && pending.label.startsWith('CHAT[')) {
        pending.extra = (pending.extra ?? '') + '\n' + line;
      } else if (line.trim() !== '' && !line.startsWith('-- ')) {
        out.skipped++;
      }
    } else {
      flush(pending, text, ids, out);
      const date = Math.floor(stamp / DAY);
      const month = date >> 5;
      if (lastMonth >= 0 && month < lastMonth) currentYear++;
      lastMonth = month;
      const key = currentYear * 512 + date;
      if (key !== dayKey) {
        dayKey = key;
        dayMs = Date.UTC(currentYear, month, date & 31);
      }
      const time = dayMs + (stamp - date * DAY) * 1000;
      const tab = text.indexOf('\t', at + 23);
      if (tab < 0 || tab >= end) {
        out.skipped++;
      } else {
        pending.time = time;
        pending.label = labelOf(text, at + 23, tab);
        pending.from = tab + 1;
        pending.to = end;
        pending.extra = null;
      }
    }
    if (next >= text.length) break;
    at = next + 1;
  }
  flush(pending, text, ids, out);
  return { format: 'hlu-txt', events: out.events, skippedLines: out.skipped };
}
