import { detectFormat, LogParseError, type LogFormat } from '#lib/domain/logs/index.ts';
import { firstTxtStamp, weekdayIn, weekdayName, yearOfWeekday } from '#lib/domain/logs/txt-year.ts';
import { badRequest } from '#lib/server/core/errors.ts';
import { messages } from '#lib/server/core/messages.ts';
import type { MatchType, ReportOverrides } from '#lib/server/db/tables/matches.ts';
import type { SeenPlayer, SerialisedStatRows } from '#lib/server/repositories/players-write.ts';
import { matchFacts, type MatchFacts } from './facts.ts';
import { decodeLog, parseReportedLog } from './parse.ts';
import {
  matchColumnsFromLog,
  playerStatRows,
  seenPlayers,
  withMatchPercentiles,
  type LogMatchColumns,
} from './rows.ts';
import { sha256Hex } from './upload.ts';
import { isYearless } from '#lib/schemas/log-formats.ts';

/** What a report's log work needs: the verbatim upload and what the report already settled. */
export interface PrepareRequest {
  bytes: Uint8Array;
  format: LogFormat | undefined;
  /** The year of an hlu-txt log's first line as given; absent: chosen from the weekday (see txtYear). */
  year: number | undefined;
  /** Upload time, epoch ms: an hlu-txt log's year is the latest one whose weekday fits and is not later. */
  uploadedAt: number;
  match: number | undefined;
  overrides: ReportOverrides;
  kind: MatchType;
  teams: { winnerId: number | null; loserId: number | null };
}

/** A parsed report, ready to write: the upload's hash, the match's facts and columns, its players and stat rows. */
export interface PreparedReport {
  sha256: string;
  format: LogFormat;
  /** The year an hlu-txt log was read in (given or chosen from its weekday); undefined for the other formats. */
  year: number | undefined;
  index: number;
  facts: MatchFacts;
  columns: LogMatchColumns;
  players: SeenPlayer[];
  stats: SerialisedStatRows;
}

/**
 * Decodes and parses the log, applies the overrides and builds every row of the match: all the CPU work of a report,
 * with no database (it runs on a worker thread, services/ingestion/prepare-worker.ts). Throws the 400 HttpErrors of
 * parseReportedLog and matchFacts.
 */
export function prepareReport(request: PrepareRequest): PreparedReport {
  const text = decodeLog(request.bytes);
  const year = txtYear(text, request.format, request.year, request.uploadedAt);
  const parsed = parseReportedLog(text, {
    format: request.format,
    year,
    match: request.match,
  });
  const facts = matchFacts(parsed, request.overrides, request.kind);
  // match_id 0 stands for the id the insert statement gives the match.
  const rows = withMatchPercentiles(playerStatRows(0, parsed, facts.victor_side, request.teams));
  return {
    sha256: sha256Hex(request.bytes),
    format: parsed.format,
    year: isYearless(parsed.format) ? year : undefined,
    index: parsed.index,
    facts,
    columns: matchColumnsFromLog(parsed, facts),
    players: seenPlayers(parsed),
    // As JSON text: cloning it back to the event loop is one copy, where the rows as objects would be rebuilt there.
    stats: { columns: Object.keys(rows[0] ?? {}), json: JSON.stringify(rows), count: rows.length },
  };
}

/** Clock skew allowed between a server that wrote a log and this one. */
export const CLOCK_SKEW_MS = 10 * 60_000;

/**
 * The year of an hlu-txt log's first line (HLU writes `Fri, Dec 27`, no year): the given year when its weekday
 * agrees (else 400 naming both), otherwise the latest year whose date falls on that weekday and is not after the
 * upload. Undefined for other formats or a log without a readable stamp (the parser reports what is wrong with it).
 */
export function txtYear(
  text: string,
  format: LogFormat | undefined,
  given: number | undefined,
  uploadedAt: number,
): number | undefined {
  let detected = format;
  if (detected === undefined) {
    try {
      detected = detectFormat(text);
    } catch (error) {
      if (error instanceof LogParseError) return given;
      throw error;
    }
  }
  if (!isYearless(detected)) return given;
  const stamp = firstTxtStamp(text);
  if (!stamp) return given;
  if (given !== undefined) {
    const actual = weekdayIn(stamp, given);
    if (actual !== stamp.weekday)
      throw badRequest(
        messages.reportYearContradictsWeekday(
          given,
          stamp.text,
          actual === undefined ? undefined : weekdayName(actual),
          weekdayName(stamp.weekday),
        ),
        { code: 'YearContradictsWeekday' },
      );
    return given;
  }
  const chosen = yearOfWeekday(stamp, uploadedAt + CLOCK_SKEW_MS);
  if (chosen === undefined)
    throw badRequest(messages.reportWeekdayFitsNoYear(stamp.text), { code: 'WeekdayFitsNoYear' });
  return chosen;
}
