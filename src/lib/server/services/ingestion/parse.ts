import { LogParseError, parseMatch, type LogFormat, type ParsedMatch } from '#lib/domain/logs/index.ts';
import { badRequest, HttpError } from '#lib/server/core/errors.ts';
import { messages } from '#lib/server/core/messages.ts';

/** Decodes uploaded bytes as UTF-8 (a byte-order mark is dropped; invalid sequences become U+FFFD). */
export function decodeLog(content: Uint8Array | string): string {
  return typeof content === 'string' ? content : new TextDecoder('utf-8').decode(content);
}

/**
 * Parses one complete match out of a log, turning parser errors into 400 HttpErrors `{ error: sentence, code }`:
 * MultipleMatches and MatchIndexOutOfRange carry the candidates beside them (`matches`) so that a client can offer
 * the list; every other parse error answers its message and its code (EmptyLog, UnknownFormat, ...).
 */
export function parseReportedLog(
  text: string,
  options: { format?: LogFormat | undefined; year?: number | undefined; match?: number | undefined },
): ParsedMatch {
  const given: { format?: LogFormat; year?: number; match?: number } = {};
  if (options.format !== undefined) given.format = options.format;
  if (options.year !== undefined) given.year = options.year;
  if (options.match !== undefined) given.match = options.match;
  try {
    return parseMatch(text, given);
  } catch (error) {
    if (!(error instanceof LogParseError)) throw error;
    const matches = error.candidates ?? [];
    if (error.code === 'MultipleMatches')
      throw badRequest(messages.reportMultipleMatches(matches.length, matches.length - 1), {
        code: error.code,
        matches,
      });
    if (error.code === 'MatchIndexOutOfRange')
      throw badRequest(messages.reportMatchIndexOutOfRange(given.match ?? 0, matches.length), {
        code: error.code,
        matches,
      });
    throw new HttpError(400, error.message, { code: error.code });
  }
}
