/** Validation of result-file rows (pure). */
import { resolveMap } from '#lib/domain/catalogue/maps.ts';
import { teamTagSchema } from '#lib/schemas/team.ts';
import type { MatchType } from '#lib/server/db/tables/matches.ts';
import type { CsvRecord } from '#lib/domain/csv.ts';

export const RESULT_COLUMNS = ['date', 'winner', 'loser', 'result', 'type', 'map', 'tournament'] as const;
const REQUIRED = ['date', 'winner', 'loser', 'result', 'type', 'map'] as const;
const TYPES: readonly MatchType[] = ['competitive', 'event', 'friendly'];

/** A validated result row. */
export interface ResultRow {
  line: number;
  date: Date;
  winner: string;
  loser: string;
  result: string;
  type: MatchType;
  /** Catalogue map id. */
  map: string;
  tournament: string | null;
}

export interface RowError {
  line: number;
  message: string;
}

// A date without a zone is read as UTC so that the same file always gives the same instants.
function parseDate(text: string): Date | null {
  let t = text.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(t)) t += 'T00:00:00Z';
  else if (/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(t)) t = `${t.replace(' ', 'T')}Z`;
  const ms = Date.parse(t);
  return Number.isNaN(ms) || !/^\d{4}-/.test(t) ? null : new Date(ms);
}

/**
 * Validates the records of a result file: a header naming the columns date, winner, loser, result, type, map
 * and optionally tournament (any order, case-insensitive), then one match per record. Rules: a date (ISO 8601;
 * without a zone it is UTC), two different valid team tags, a result 'N-M' (winner first; 5-0, 4-1 or 3-2 unless
 * friendly, where the winner must still have more), a type competitive/event/friendly, a map the catalogue
 * knows, and a tournament tag for an event match. Returns the rows or every error with its line number.
 */
export function validateResultRecords(records: readonly CsvRecord[]): { rows: ResultRow[]; errors: RowError[] } {
  const errors: RowError[] = [];
  const header = records[0];
  if (!header)
    return {
      rows: [],
      errors: [{ line: 1, message: `the file is empty: expected a header ${RESULT_COLUMNS.join(',')}` }],
    };
  const names = header.values.map((v) => v.trim().toLowerCase());
  const missing = REQUIRED.filter((c) => !names.includes(c));
  if (missing.length > 0)
    return {
      rows: [],
      errors: [{ line: header.line, message: `the header lacks the column(s) ${missing.join(', ')}` }],
    };
  const col = (values: string[], name: string): string => {
    const i = names.indexOf(name);
    return i < 0 ? '' : (values[i] ?? '').trim();
  };
  const rows: ResultRow[] = [];
  for (const record of records.slice(1)) {
    const problems: string[] = [];
    if (record.values.length !== names.length)
      problems.push(`expected ${names.length} values, got ${record.values.length}`);
    const date = parseDate(col(record.values, 'date'));
    if (!date)
      problems.push(`date '${col(record.values, 'date')}' is not a date such as 2026-05-01 or 2026-05-01T20:00:00Z`);
    const tags = ['winner', 'loser'].map((c) => {
      const parsed = teamTagSchema.safeParse(col(record.values, c));
      if (!parsed.success)
        problems.push(`${c} '${col(record.values, c)}' ${parsed.error.issues[0]?.message ?? 'is invalid'}`);
      return parsed.success ? parsed.data : '';
    });
    if (tags[0] && tags[0].toLowerCase() === tags[1]?.toLowerCase())
      problems.push('winner and loser are the same team');
    const type = col(record.values, 'type').toLowerCase() as MatchType;
    if (!TYPES.includes(type))
      problems.push(`type '${col(record.values, 'type')}' must be competitive, event or friendly`);
    const result = col(record.values, 'result');
    const score = /^(\d)-(\d)$/.exec(result);
    if (!score) problems.push(`result '${result}' must look like 3-2 (winner first)`);
    else if (type !== 'friendly' && !['5-0', '4-1', '3-2'].includes(result))
      problems.push(`result '${result}' must be 5-0, 4-1 or 3-2`);
    else if (Number(score[1]) <= Number(score[2])) problems.push(`result '${result}' must have the winner first`);
    const mapText = col(record.values, 'map');
    const map = resolveMap(mapText);
    if (!map) problems.push(`map '${mapText}' is not in the map catalogue`);
    const tournament = col(record.values, 'tournament') || null;
    if (type === 'event' && !tournament) problems.push('an event match needs a tournament');
    if (problems.length > 0) {
      errors.push({ line: record.line, message: problems.join('; ') });
      continue;
    }
    rows.push({
      line: record.line,
      date: date!,
      winner: tags[0]!,
      loser: tags[1]!,
      result,
      type,
      map: map!.id,
      tournament,
    });
  }
  return { rows, errors };
}
