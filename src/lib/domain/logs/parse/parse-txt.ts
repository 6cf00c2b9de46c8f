import type { LogEvent, ParsedLog } from '../types.ts';
import { txtEvent } from './txt-details.ts';

const MONTHS: Record<string, number> = {
  Jan: 0, Feb: 1, Mar: 2, Apr: 3, May: 4, Jun: 5, Jul: 6, Aug: 7, Sep: 8, Oct: 9, Nov: 10, Dec: 11,
};

function digits2(line: string, at: number): number {
  const a = line.charCodeAt(at) - 48;
  const b = line.charCodeAt(at + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

interface Stamp {
  month: number;
  day: number;
  seconds: number;
}

/** Reads `HH:MM:SS - Ddd, Mmm DD` at the start of a line (22 chars), or null. */
function readStamp(line: string): Stamp | null {
  if (line.length < 23 || line.charCodeAt(2) !== 58 || line.charCodeAt(5) !== 58) return null;
  // ' - ' at 8..10, ', ' at 14..15, ' ' at 19.
  if (line.charCodeAt(8) !== 32 || line.charCodeAt(9) !== 45 || line.charCodeAt(10) !== 32) return null;
  if (line.charCodeAt(14) !== 44 || line.charCodeAt(15) !== 32 || line.charCodeAt(19) !== 32) return null;
  const h = digits2(line, 0);
  const mi = digits2(line, 3);
  const s = digits2(line, 6);
  const month = MONTHS[line.slice(16, 19)];
  const day = digits2(line, 20);
  if (h < 0 || h > 23 || mi < 0 || mi > 59 || s < 0 || s > 60 || month === undefined || day < 1 || day > 31) return null;
  return { month, day, seconds: h * 3600 + mi * 60 + s };
}

interface Pending {
  time: number;
  label: string;
  details: string;
}

/**
 * Parses an HLU text export. Timestamps carry no year: the first line is in `year` and the year increases whenever
 * the month goes backwards (a Dec 31 -> Jan 01 crossing). Unreadable lines are counted, never fatal; lines without a
 * timestamp continue the previous CHAT line (messages can hold newlines) or are skipped.
 */
export function parseTxt(text: string, year: number): ParsedLog {
  const events: LogEvent[] = [];
  let skipped = 0;
  let currentYear = year;
  let lastMonth = -1;
  let pending: Pending | null = null;
  const flush = (): void => {
    if (!pending) return;
    const e = txtEvent(pending.time, pending.label, pending.details);
    if (e) events.push(e);
    else skipped++;
    pending = null;
  };
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i] ?? '';
    if (line.endsWith('\r')) line = line.slice(0, -1);
    const stamp = readStamp(line);
    if (!stamp || line.charCodeAt(22) !== 9) {
      if (pending !== null && (pending as Pending).label.startsWith('CHAT[')) {
        (pending as Pending).details += '\n' + line;
      } else if (line.trim() !== '' && !line.startsWith('-- ')) {
        skipped++;
      }
      continue;
    }
    flush();
    if (lastMonth >= 0 && stamp.month < lastMonth) currentYear++;
    lastMonth = stamp.month;
    const time = Date.UTC(currentYear, stamp.month, stamp.day) + stamp.seconds * 1000;
    const tab = line.indexOf('\t', 23);
    if (tab < 0) {
      skipped++;
      continue;
    }
    pending = { time, label: line.slice(23, tab).trimEnd(), details: line.slice(tab + 1) };
  }
  flush();
  return { format: 'hlu-txt', events, skippedLines: skipped };
}
