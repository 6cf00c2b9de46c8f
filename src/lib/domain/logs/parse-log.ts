import { LOG_CODECS } from './codecs.ts';
import { detectFormat } from './detect.ts';
import { LogParseError } from './errors.ts';
import { isLogFormat } from '#lib/schemas/log-formats.ts';
import type { LogEvent, ParsedLog, ParseOptions } from './types.ts';
import { hasControlCharacters, replaceControlCharacters } from '#lib/schemas/text.ts';

/**
 * Replaces control characters and unpaired surrogates (a NUL inside a player name, an escaped `\u0000` or `\ud800`
 * in a JSON log) in the event's text fields: parsed text goes into the database, which refuses NUL in text and
 * unpaired surrogates in jsonb. Chat messages keep their line breaks. The upload itself is stored verbatim.
 */
function cleanEvent(event: LogEvent): void {
  const fields = event as unknown as Record<string, unknown>;
  for (const key in fields) {
    const value = fields[key];
    if (typeof value === 'string' && hasControlCharacters(value, { lineBreaks: true }))
      fields[key] = replaceControlCharacters(value, { lineBreaks: true });
  }
}

/** `log` with its events' text cleaned of control characters (see cleanEvent). */
function cleaned(log: ParsedLog): ParsedLog {
  for (const event of log.events) cleanEvent(event);
  return log;
}

/**
 * Parses a whole log file into events (file order) in the common model. Pure; throws only LogParseError
 * (EmptyLog, UnknownFormat, InvalidJson). Unreadable lines are counted in `skippedLines`. No text field of an
 * event holds a C0 control character: they are replaced by U+FFFD.
 */
export function parseLog(text: string, options: Pick<ParseOptions, 'format' | 'year'> = {}): ParsedLog {
  const body = text.replace(/^\uFEFF/, '');
  if (body.trim() === '') throw new LogParseError('EmptyLog', 'The log is empty.');
  const format = options.format ?? detectFormat(body);
  if (!isLogFormat(format)) throw new LogParseError('UnknownFormat', `Unknown log format '${String(format)}'.`);
  return cleaned(LOG_CODECS[format].parse(body, options.year ?? new Date().getUTCFullYear()));
}
