/*
 * The one CSV reader (RFC 4180: fields separated by commas, optionally double-quoted; a quoted field may hold commas,
 * line breaks and "" for a quote; LF or CRLF ends a record). HLU's CSV logs read it leniently
 * (domain/logs/parse/parse-csv.ts, with a fast path for HLU's usual line); result files strictly (csvRecords).
 */

/**
 * Reads one CSV record starting at `pos` (RFC 4180: quoted fields may hold commas, newlines and doubled quotes).
 * Returns the fields, the position after the record's line break and whether every quote was closed. Never throws:
 * an unterminated quote runs to the end of the text.
 */
export function readRecord(text: string, pos: number): { row: string[]; next: number; closed: boolean } {
  const row: string[] = [];
  const n = text.length;
  let i = pos;
  let closed = true;
  for (;;) {
    let field: string;
    if (text.charCodeAt(i) === 34) {
      let parts = '';
      let from = i + 1;
      for (;;) {
        const q = text.indexOf('"', from);
        if (q < 0) {
          parts += text.slice(from);
          i = n;
          closed = false;
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
      // Lenient readers keep text between a closing quote and the next separator as part of the field.
      while (i < n && text.charCodeAt(i) !== 44 && text.charCodeAt(i) !== 10) field += text[i++];
    } else {
      let end = i;
      while (end < n && text.charCodeAt(end) !== 44 && text.charCodeAt(end) !== 10) end++;
      field = text.slice(i, end);
      i = end;
    }
    if (field.endsWith('\r') && (i >= n || text.charCodeAt(i) === 10)) field = field.slice(0, -1);
    row.push(field);
    if (i < n && text.charCodeAt(i) === 44) {
      i++;
      continue;
    }
    return { row, next: i + 1, closed };
  }
}

/** One record and the 1-based line it starts on. */
export interface CsvRecord {
  line: number;
  values: string[];
}

/**
 * Splits CSV text into records with their line numbers (readRecord); blank lines are skipped and a BOM is ignored.
 * Throws an Error naming the line when a quoted field is not closed.
 */
export function csvRecords(text: string): CsvRecord[] {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let line = 1;
  for (let pos = 0; pos < src.length;) {
    const { row, next, closed } = readRecord(src, pos);
    if (!closed) throw new Error(`Line ${line}: a quoted value is not closed`);
    const raw = src.slice(pos, next);
    if (raw.trim() !== '') records.push({ line, values: row });
    for (let at = raw.indexOf('\n'); at >= 0; at = raw.indexOf('\n', at + 1)) line++;
    pos = next;
  }
  return records;
}
