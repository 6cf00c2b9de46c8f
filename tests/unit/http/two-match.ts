import { samplePlayers, simulateMatch, writeLog } from '#lib/domain/logs/write/index.ts';

/** Two short complete games in one RCON log. */
export function twoMatchText(): string {
  const players = samplePlayers(5, 8);
  const game = (seed: number, start: string) =>
    simulateMatch({
      seed,
      start: new Date(start),
      durationMinutes: 10,
      map: 'carentan',
      allies: players.slice(0, 4),
      axis: players.slice(4),
      alliedScore: 3,
      axisScore: 2,
      killsPerMinute: 2,
      chats: 0,
    }).events;
  return writeLog('rcon', [...game(1, '2026-03-01T18:00:00Z'), ...game(2, '2026-03-01T19:00:00Z')]);
}
