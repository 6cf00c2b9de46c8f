import { LogParseError } from './errors.ts';
import { readRconPrefix } from './parse/parse-rcon.ts';
import type { LogFormat } from './types.ts';

const TXT_LINE = /^\d\d:\d\d:\d\d - [A-Z][a-z]{2}, [A-Z][a-z]{2} \d\d\t/;

/**
 * Guesses the format from the first non-empty lines: JSON object/array -> hlu-json, CSV header with
 * event_time/event_type -> hlu-csv, `[... (epoch)] ` -> rcon, HLU header or `HH:MM:SS - Ddd, Mmm DD<TAB>` -> hlu-txt.
 * Throws LogParseError EmptyLog for blank text and UnknownFormat otherwise.
 */
export function detectFormat(text: string): LogFormat {
  const body = text.replace(/^\uFEFF/, '');
  const trimmed = body.trimStart();
  if (trimmed === '') throw new LogParseError('EmptyLog', 'The log is empty.');
  if (trimmed.startsWith('{') || trimmed.startsWith('[{') || /^\[\s*(\{|\])/.test(trimmed.slice(0, 40)))
    return 'hlu-json';
  const lines = trimmed.slice(0, 20_000).split('\n', 20);
  const first = (lines[0] ?? '').replace(/\r$/, '');
  if (/^"?event_time"?,"?event_type"?/.test(first)) return 'hlu-csv';
  for (const raw of lines) {
    const line = raw.replace(/\r$/, '');
    if (line.trim() === '') continue;
    if (line.startsWith('-- Captured and exported using HLL Log Utilities') || TXT_LINE.test(line)) return 'hlu-txt';
    if (readRconPrefix(line)) return 'rcon';
  }
  throw new LogParseError(
    'UnknownFormat',
    'Could not recognise the log format (expected HLU txt/csv/json or RCON lines).',
  );
}
