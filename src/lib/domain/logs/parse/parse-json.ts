import { LogParseError } from '#lib/domain/logs/errors.ts';
import type { LogEvent, ParsedLog } from '#lib/domain/logs/types.ts';
import { HLU_COLUMNS, hluRowToEvent } from './hlu-row.ts';

function field(row: Record<string, unknown>, key: string): string | null {
  const v = row[key];
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return null;
}

/**
 * Parses HLU's JSON export `{start_time, end_time, logs: [LogLine]}` (a bare array of LogLines is accepted too).
 * Entries that are not readable LogLines are skipped and counted; text that is not JSON throws LogParseError InvalidJson.
 */
export function parseJson(text: string): ParsedLog {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw new LogParseError('InvalidJson', `The log is not valid JSON: ${(err as Error).message}`);
  }
  const logs: unknown = Array.isArray(doc)
    ? doc
    : doc !== null && typeof doc === 'object'
      ? (doc as Record<string, unknown>)['logs']
      : null;
  if (!Array.isArray(logs)) throw new LogParseError('InvalidJson', 'The JSON log has no "logs" array.');
  const events: LogEvent[] = [];
  let skipped = 0;
  for (const row of logs) {
    if (row === null || typeof row !== 'object' || Array.isArray(row)) {
      skipped++;
      continue;
    }
    const e = hluRowToEvent(HLU_COLUMNS.map((k) => field(row as Record<string, unknown>, k)));
    if (e) events.push(e);
    else skipped++;
  }
  return { format: 'hlu-json', events, skippedLines: skipped };
}
