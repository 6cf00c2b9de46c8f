import { detectFormat } from './detect.ts';
import { parseMatch } from './parse-match.ts';
import { firstTxtStamp, yearOfWeekday } from './txt-year.ts';

/** What the report form shows of a chosen log before it is sent. */
export interface LogSummary {
  map: string;
  result: string;
  /** ISO start of the match, as the site will date it (an hlu-txt log's year read from its weekday). */
  date: string;
  allies: number;
  axis: number;
}

/**
 * The map, result, date and players per side of the one complete match of a log, read as a report reads it (the
 * year of an hlu-txt log from its first line's weekday, not after `now`); undefined when the log holds no single
 * complete match or cannot be read (the report's answer then says why).
 */
export function summariseLog(text: string, now = Date.now()): LogSummary | undefined {
  try {
    const stamp = detectFormat(text) === 'hlu-txt' ? firstTxtStamp(text) : undefined;
    const year = stamp ? yearOfWeekday(stamp, now) : undefined;
    const match = parseMatch(text, year === undefined ? {} : { year });
    const players = Object.values(match.players);
    return {
      map: match.map_name,
      result: match.result,
      date: match.start,
      allies: players.filter((p) => p.side === 'Allies').length,
      axis: players.filter((p) => p.side === 'Axis').length,
    };
  } catch {
    return undefined;
  }
}
