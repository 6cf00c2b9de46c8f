import { HLU_COLUMNS } from '#lib/domain/logs/parse/hlu-row.ts';
import type { LogEvent } from '#lib/domain/logs/types.ts';
import { hluValues, isWritable, pythonTime } from './hlu-row.ts';

const quote = (v: string | null): string => `"${(v ?? '').replaceAll('"', '""')}"`;

/** HLU's CSV upload: unquoted header, every value quoted with `"` doubled, None as '', rows joined by '\n', no final newline. */
export function writeCsv(events: readonly LogEvent[]): string {
  const lines = [HLU_COLUMNS.join(',')];
  for (const e of events) {
    if (!isWritable(e)) continue;
    const values = hluValues(e);
    values[0] = pythonTime(e.time, ' ');
    lines.push(values.map(quote).join(','));
  }
  return lines.join('\n');
}
