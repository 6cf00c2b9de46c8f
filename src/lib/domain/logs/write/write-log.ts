import type { LogEvent, LogFormat } from '#lib/domain/logs/types.ts';
import { writeCsv } from './write-csv.ts';
import { writeJson } from './write-json.ts';
import { writeRcon } from './write-rcon.ts';
import { writeTxt } from './write-txt.ts';

/** Writes events (chronological, absolute UTC times) as a log file in the given format. Pure. */
export function writeLog(format: LogFormat, events: readonly LogEvent[]): string {
  switch (format) {
    case 'hlu-txt':
      return writeTxt(events);
    case 'hlu-csv':
      return writeCsv(events);
    case 'hlu-json':
      return writeJson(events);
    case 'rcon':
      return writeRcon(events);
  }
}
