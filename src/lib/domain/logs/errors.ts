import type { MatchCandidate } from './types.ts';

export type LogParseErrorCode =
  'EmptyLog' | 'UnknownFormat' | 'InvalidJson' | 'NoCompleteMatch' | 'MultipleMatches' | 'MatchIndexOutOfRange';

/** The only error the log parsers throw. `candidates` lists the complete matches when the caller must choose one. */
export class LogParseError extends Error {
  readonly code: LogParseErrorCode;
  readonly candidates: MatchCandidate[] | undefined;

  constructor(code: LogParseErrorCode, message: string, candidates?: MatchCandidate[]) {
    super(message);
    this.name = 'LogParseError';
    this.code = code;
    this.candidates = candidates;
  }
}
