import { LOG_CODECS } from '#lib/domain/logs/codecs.ts';
import type { LogFormat } from '#lib/schemas/log-formats.ts';
import type { LogEvent } from '#lib/domain/logs/types.ts';

/** Writes events (chronological, absolute UTC times) as a log file in the given format. Pure. */
export function writeLog(format: LogFormat, events: readonly LogEvent[]): string {
  return LOG_CODECS[format].write(events);
}
