import { writeLog } from '#lib/domain/logs/write/index.ts';
import { standardMatch } from './sim-fixtures.ts';

/** A short simulated match written as HLU's text export (no year in its lines), starting at `start`. */
export function makeTxt(start: string): string {
  return writeLog('hlu-txt', standardMatch(3, new Date(start)).events);
}
