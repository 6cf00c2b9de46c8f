import { DETECTION_ORDER, LOG_CODECS } from './codecs.ts';
import { LogParseError } from './errors.ts';
import type { LogFormat } from '#lib/schemas/log-formats.ts';

/**
 * Guesses the format from the start of the file, by the codecs' recognisers (codecs.ts): JSON object/array ->
 * hlu-json, CSV header with event_time/event_type -> hlu-csv, HLU header or `HH:MM:SS - Ddd, Mmm DD<TAB>` -> hlu-txt,
 * `[... (epoch)] ` -> rcon. Throws LogParseError EmptyLog for blank text and UnknownFormat otherwise.
 */
export function detectFormat(text: string): LogFormat {
  const trimmed = text.replace(/^\uFEFF/, '').trimStart();
  if (trimmed === '') throw new LogParseError('EmptyLog', 'The log is empty.');
  const recognised = (test: (format: LogFormat) => boolean) => DETECTION_ORDER.find(test);
  const lines = trimmed.slice(0, 20_000).split('\n', 20);
  const first = (lines[0] ?? '').replace(/\r$/, '');
  let format =
    recognised((f) => LOG_CODECS[f].recognise.whole?.(trimmed) === true) ??
    recognised((f) => LOG_CODECS[f].recognise.header?.(first) === true);
  for (const raw of lines) {
    if (format) break;
    const line = raw.replace(/\r$/, '');
    if (line.trim() !== '') format = recognised((f) => LOG_CODECS[f].recognise.line?.(line) === true);
  }
  if (format) return format;
  throw new LogParseError(
    'UnknownFormat',
    'Could not recognise the log format (expected HLU txt/csv/json or RCON lines).',
  );
}
