import type { ParsedMatch } from '#lib/domain/logs/index.ts';
import { sha256Hex } from './upload.ts';

/** How far apart two reports' start times may be and still be the same game of the same two teams on one map. */
export const SAME_GAME_WINDOW_MS = 5 * 60_000;

/**
 * The content key of a parsed match: a hash of every player id with the seconds (from the match start) of their
 * enemy kills. Every log format yields the same players and kill times for one game, whatever its dates, names or
 * year; a match without kills has no key (null), since rosters alone would join unrelated quiet games.
 */
export function gameKey(parsed: ParsedMatch): string | null {
  const players = Object.entries(parsed.players);
  if (!players.some(([, p]) => p.kill_events.length > 0)) return null;
  const lines = players
    .map(([id, p]) => `${id}:${[...p.kill_events].sort((a, b) => a - b).join(',')}`)
    .sort()
    .join('\n');
  return sha256Hex(new TextEncoder().encode(lines));
}
