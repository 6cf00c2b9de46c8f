import { LogParseError } from './errors.ts';
import { candidateOf, extractMatches } from './matches.ts';
import { parseLog } from './parse-log.ts';
import { buildMatch } from './stats/match-stats.ts';
import type { MatchCandidate, ParsedMatch, ParseOptions } from './types.ts';

/**
 * Lists the complete matches of a log file (see extractMatches) as {index, start, end, map, score}.
 * Throws LogParseError (EmptyLog, UnknownFormat, InvalidJson) only; an empty list means no complete match.
 */
export function listMatches(text: string, options: Pick<ParseOptions, 'format' | 'year'> = {}): MatchCandidate[] {
  return extractMatches(parseLog(text, options).events).map(candidateOf);
}

/**
 * Parses a log and returns one complete match with its statistics. Without `match`, the file must hold exactly one
 * complete match (else MultipleMatches with `candidates`); with `match`, that 0-based index is returned (else
 * MatchIndexOutOfRange). No complete match -> NoCompleteMatch. Only LogParseError is thrown.
 */
export function parseMatch(text: string, options: ParseOptions = {}): ParsedMatch {
  const log = parseLog(text, options);
  const slices = extractMatches(log.events);
  if (slices.length === 0) {
    throw new LogParseError(
      'NoCompleteMatch',
      'The log holds no complete match: it needs a MATCH START line followed by a MATCH ENDED line.',
    );
  }
  let chosen = slices[0];
  if (options.match !== undefined) {
    chosen = Number.isInteger(options.match) ? slices[options.match] : undefined;
    if (!chosen) {
      throw new LogParseError(
        'MatchIndexOutOfRange',
        `Match ${options.match} does not exist; the log holds ${slices.length} complete match(es) (0-${slices.length - 1}).`,
        slices.map(candidateOf),
      );
    }
  } else if (slices.length > 1) {
    throw new LogParseError(
      'MultipleMatches',
      `The log holds ${slices.length} complete matches; choose one with the match option.`,
      slices.map(candidateOf),
    );
  }
  return buildMatch(chosen as (typeof slices)[number], log.format, log.skippedLines);
}
