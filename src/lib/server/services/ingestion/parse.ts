import { LogParseError, parseMatch, type LogFormat, type ParsedMatch } from '#lib/domain/logs/index.ts';
import { badRequest, HttpError } from '#lib/server/http/errors.ts';

/** Decodes uploaded bytes as UTF-8 (a byte-order mark is dropped; invalid sequences become U+FFFD). */
export function decodeLog(content: Uint8Array | string): string {
  return typeof content === 'string' ? content : new TextDecoder('utf-8').decode(content);
}

/**
 * Parses one complete match out of a log, turning parser errors into 400 HttpErrors:
 * MultipleMatches and MatchIndexOutOfRange answer `{ error: code, message, matches: [candidates] }` so that a client
 * can offer the list; every other parse error answers its message.
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
    if (error.code === 'MultipleMatches' || error.code === 'MatchIndexOutOfRange') {
      throw badRequest(error.code, { message: error.message, matches: error.candidates ?? [] });
    }
    throw new HttpError(400, error.message, { code: error.code });
  }
}
