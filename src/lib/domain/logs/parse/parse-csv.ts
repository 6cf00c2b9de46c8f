import type { LogEvent, ParsedLog } from '#lib/domain/logs/types.ts';
import { readRecord } from '#lib/domain/csv.ts';
import { HLU_COLUMNS, hluRowToEvent } from './hlu-row.ts';

/**
 * Fast path for the usual HLU line: every value quoted (doubled quotes inside allowed), no line break inside a value,
 * exactly `width` values. Reads the same fields as readRecord would; returns null when the line needs the full reader.
 */
function quickRecord(text: string, pos: number, width: number): { row: string[]; next: number } | null {
  let nl = text.indexOf('\n', pos);
  if (nl < 0) nl = text.length;
  let end = nl;
  if (text.charCodeAt(end - 1) === 13) end--;
  const last = end - 1;
  if (end - pos < 2 || text.charCodeAt(pos) !== 34 || text.charCodeAt(last) !== 34) return null;
  const row: string[] = [];
  let from = pos + 1;
  let field = '';
  for (;;) {
    const q = text.indexOf('"', from);
    // Past the line: the last `","` opened a value that runs on (the full reader's case).
    if (q < 0 || q > last) return null;
    if (q === last) {
      row.push(field + text.slice(from, q));
      break;
    }
    const after = text.charCodeAt(q + 1);
    if (after === 34 && q + 1 < last) {
      // A doubled quote inside the value.
      field += text.slice(from, q + 1);
      from = q + 2;
      continue;
    }
    if (after !== 44 || text.charCodeAt(q + 2) !== 34 || row.length === width) return null;
    row.push(field + text.slice(from, q));
    field = '';
    from = q + 3;
  }
  return row.length === width ? { row, next: nl + 1 } : null;
}

/** Splits CSV text into rows of fields (see readRecord). */
export function csvRows(text: string, width = -1): string[][] {
  const rows: string[][] = [];
  let pos = 0;
  while (pos < text.length) {
    const record = (width > 0 ? quickRecord(text, pos, width) : null) ?? readRecord(text, pos);
    rows.push(record.row);
    pos = record.next;
  }
  return rows;
}

/**
 * Parses HLU's CSV export (header row unquoted, values quoted, `None` as empty). Columns are taken from the header,
 * falling back to HLU's order. Rows with the wrong field count or unreadable values are skipped and counted.
 */
export function parseCsv(text: string): ParsedLog {
  const rows = csvRows(text, HLU_COLUMNS.length);
  const header = rows[0] ?? [];
  const columns: readonly string[] =
    header.includes('event_time') && header.includes('event_type') ? header : HLU_COLUMNS;
  // Where each canonical column sits in this file's rows (-1 when the file lacks it).
  const permutation = HLU_COLUMNS.map((c) => columns.indexOf(c));
  const inOrder = permutation.every((p, i) => p === i);
  const events: LogEvent[] = [];
  let skipped = 0;
  for (let r = columns === header ? 1 : 0; r < rows.length; r++) {
    const row = rows[r] ?? [];
    if (row.length === 1 && row[0] === '') continue;
    if (row.length !== columns.length) {
      skipped++;
      continue;
    }
    const e = hluRowToEvent(inOrder ? row : permutation.map((p) => (p < 0 ? null : (row[p] ?? null))));
    if (e) events.push(e);
    else skipped++;
  }
  return { format: 'hlu-csv', events, skippedLines: skipped };
}
