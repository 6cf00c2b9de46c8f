/** A small RFC 4180 CSV reader for result files. */

/** One record and the 1-based line it starts on. */
export interface CsvRecord {
  line: number;
  values: string[];
}

/**
 * Splits CSV text into records: fields separated by commas, optionally double-quoted (a quoted field may hold
 * commas, newlines and "" for a quote). CRLF and LF both end a record; blank lines are skipped; a BOM is ignored.
 * Throws an Error naming the line when a quoted field is not closed.
 */
export function parseCsv(text: string): CsvRecord[] {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let values: string[] = [];
  let field = '';
  let line = 1;
  let start = 1;
  let quoted = false;
  let hasContent = false;
  const endField = () => {
    values.push(field);
    field = '';
  };
  const endRecord = () => {
    endField();
    if (hasContent || values.length > 1 || values[0] !== '') records.push({ line: start, values });
    values = [];
    hasContent = false;
  };
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (quoted) {
      if (c === '"') {
        if (src[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (c === '\n') line++;
        field += c;
      }
      continue;
    }
    if (c === '"' && field === '') {
      quoted = true;
      hasContent = true;
    } else if (c === ',') {
      endField();
      hasContent = true;
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') i++;
      endRecord();
      line++;
      start = line;
    } else field += c;
  }
  if (quoted) throw new Error(`Line ${start}: a quoted value is not closed`);
  endRecord();
  return records;
}
