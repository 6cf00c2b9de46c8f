import { detectFormat } from './detect.ts';
import { LogParseError } from './errors.ts';
import { parseCsv } from './parse/parse-csv.ts';
import { parseJson } from './parse/parse-json.ts';
import { parseRcon } from './parse/parse-rcon.ts';
import { parseTxt } from './parse/parse-txt.ts';
import type { ParsedLog, ParseOptions } from './types.ts';

/**
 * Parses a whole log file into events (file order) in the common model. Pure; throws only LogParseError
 * (EmptyLog, UnknownFormat, InvalidJson). Unreadable lines are counted in `skippedLines`.
 */
export function parseLog(text: string, options: Pick<ParseOptions, 'format' | 'year'> = {}): ParsedLog {
  const body = text.replace(/^\uFEFF/, '');
  if (body.trim() === '') throw new LogParseError('EmptyLog', 'The log is empty.');
  const format = options.format ?? detectFormat(body);
  switch (format) {
    case 'hlu-txt':
      return parseTxt(body, options.year ?? new Date().getUTCFullYear());
    case 'hlu-csv':
      return parseCsv(body);
    case 'hlu-json':
      return parseJson(body);
    case 'rcon':
      return parseRcon(body);
    default:
      throw new LogParseError('UnknownFormat', `Unknown log format '${String(format)}'.`);
  }
}
