import type { LogEvent, ParsedLog } from '../types.ts';
import { HLU_COLUMNS, hluRowToEvent } from './hlu-row.ts';

/**
 * Splits CSV text into rows of fields (RFC 4180: quoted fields may hold commas, newlines and doubled quotes).
 * Never throws: an unterminated quote runs to the end of the text.
 */
export function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  const n = text.length;
  while (i < n) {
    let field: string;
    if (text.charCodeAt(i) === 34) {
      let parts = '';
      let from = i + 1;
      for (;;) {
        const q = text.indexOf('"', from);
        if (q < 0) {
          parts += text.slice(from);
          i = n;
          break;
        }
        parts += text.slice(from, q);
        if (text.charCodeAt(q + 1) === 34) {
          parts += '"';
          from = q + 2;
          continue;
        }
        i = q + 1;
        break;
      }
      field = parts;
      // Garbage between the closing quote and the next separator belongs to the field in lenient readers.
      while (i < n && text.charCodeAt(i) !== 44 && text.charCodeAt(i) !== 10) field += text[i++];
    } else {
      let end = i;
      while (end < n && text.charCodeAt(end) !== 44 && text.charCodeAt(end) !== 10) end++;
      field = text.slice(i, end);
      i = end;
    }
    if (field.endsWith('\r') && (i >= n || text.charCodeAt(i) === 10)) field = field.slice(0, -1);
    row.push(field);
    if (i >= n) break;
    if (text.charCodeAt(i) === 44) {
      i++;
      if (i >= n) row.push('');
      continue;
    }
    rows.push(row);
    row = [];
    i++;
  }
  if (row.length > 0) rows.push(row);
  return rows;
}

/**
 * Parses HLU's CSV export (header row unquoted, values quoted, `None` as empty). Columns are taken from the header,
 * falling back to HLU's order. Rows with the wrong field count or unreadable values are skipped and counted.
 */
export function parseCsv(text: string): ParsedLog {
  const rows = csvRows(text);
  const header = rows[0] ?? [];
  const columns: readonly string[] = header.includes('event_time') && header.includes('event_type') ? header : HLU_COLUMNS;
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
