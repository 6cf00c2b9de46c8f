import type { LogFormat } from '#lib/domain/logs/index.ts';
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

/** What a report's log work needs: the verbatim upload and what the report already settled. */
export interface PrepareRequest {
  bytes: Uint8Array;
  format: LogFormat | undefined;
  year: number;
  match: number | undefined;
  overrides: ReportOverrides;
  kind: MatchType;
  teams: { winnerId: number | null; loserId: number | null };
}

/** A parsed report, ready to write: the upload's hash, the match's facts and columns, its players and stat rows. */
export interface PreparedReport {
  sha256: string;
  format: LogFormat;
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
  const parsed = parseReportedLog(decodeLog(request.bytes), {
    format: request.format,
    year: request.year,
    match: request.match,
  });
  const facts = matchFacts(parsed, request.overrides, request.kind);
  // match_id 0 stands for the id the insert statement gives the match.
  const rows = withMatchPercentiles(playerStatRows(0, parsed, facts.victor_side, request.teams));
  return {
    sha256: sha256Hex(request.bytes),
    format: parsed.format,
    index: parsed.index,
    facts,
    columns: matchColumnsFromLog(parsed, facts),
    players: seenPlayers(parsed),
    // As JSON text: cloning it back to the event loop is one copy, where the rows as objects would be rebuilt there.
    stats: { columns: Object.keys(rows[0] ?? {}), json: JSON.stringify(rows), count: rows.length },
  };
}
