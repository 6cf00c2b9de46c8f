import { samplePlayers, simulateMatch } from '#lib/domain/logs/write/index.ts';
import type { SimulatedMatch } from '#lib/domain/logs/write/index.ts';
import type { LogFormat } from '#lib/domain/logs/types.ts';

/** File names of the small sample logs kept in tests/fixtures/logs/ for other tests (CLI, import pipeline). */
export const SAMPLE_FILES: Record<LogFormat, string> = {
  'hlu-txt': 'sample-match.txt',
  'hlu-csv': 'sample-match.csv',
  'hlu-json': 'sample-match.json',
  rcon: 'sample-match-rcon.txt',
};

/** The small simulated match behind the sample files: 5 vs 5 on SMDM, 20 minutes, Allies win 3-2. */
export function sampleMatch(): SimulatedMatch {
  const players = samplePlayers(2024, 10, { eosShare: 0.3 });
  return simulateMatch({
    seed: 2024,
    start: new Date('2025-05-11T19:00:00Z'),
    durationMinutes: 20,
    map: 'SMDM',
    allies: players.slice(0, 5),
    axis: players.slice(5),
    alliedScore: 3,
    axisScore: 2,
    killsPerMinute: 2,
    chats: 4,
  });
}
