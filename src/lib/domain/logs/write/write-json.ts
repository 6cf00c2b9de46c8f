import { HLU_COLUMNS } from '#lib/domain/logs/parse/hlu-row.ts';
import type { LogEvent } from '#lib/domain/logs/types.ts';
import { hluValues, isWritable, pythonTime } from './hlu-row.ts';

/** HLU's JSON export: `{start_time, end_time, logs: [LogLine with all 20 keys]}`, indent 2, null for None. */
export function writeJson(events: readonly LogEvent[]): string {
  const written = events.filter(isWritable);
  const logs = written.map((e) => {
    const values = hluValues(e);
    values[0] = pythonTime(e.time, 'T');
    const row: Record<string, string | number | null> = {};
    HLU_COLUMNS.forEach((c, i) => {
      row[c] = values[i] ?? null;
    });
    for (const key of ['player_combat_score', 'player_offense_score', 'player_defense_score', 'player_support_score']) {
      if (row[key] !== null) row[key] = Number(row[key]);
    }
    return row;
  });
  const first = written[0];
  const last = written[written.length - 1];
  return JSON.stringify(
    {
      start_time: first ? pythonTime(first.time, 'T') : null,
      end_time: last ? pythonTime(last.time, 'T') : null,
      logs,
    },
    null,
    2,
  );
}
