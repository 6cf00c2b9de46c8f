import { resolveLayer } from '#lib/domain/catalogue/maps.ts';
import { isoTime, sliceMapRaw, sliceScore } from '#lib/domain/logs/matches.ts';
import { parseScore } from '#lib/domain/logs/parse/ids.ts';
import type { CapFlip, LogFormat, MatchSlice, ParsedMatch, Side } from '#lib/domain/logs/types.ts';
import { emptyKillStatistics } from './kill-statistics.ts';
import { computePlayers } from './player-stats.ts';

const MODE_WORDS = ['warfare', 'offensive', 'skirmish', 'conquest', 'domination', 'phased', 'majority'];

/** Game mode from the map string: the catalogue layer's mode, else a mode word in the string, else 'unknown'. */
export function gamemodeOf(mapRaw: string): string {
  const layer = resolveLayer(mapRaw);
  if (layer?.gamemode) return layer.gamemode;
  const lower = mapRaw.toLowerCase();
  return MODE_WORDS.find((m) => lower.includes(m)) ?? (lower.includes('off') ? 'offensive' : 'unknown');
}

/** OBJECTIVE CAPTURED lines as {at: seconds from start, side: capturer, new_score: 'A-X'}. */
function capFlips(slice: MatchSlice): CapFlip[] {
  const flips: CapFlip[] = [];
  for (const e of slice.events) {
    if (e.type !== 'team_capture_objective') continue;
    const team = (e.team_name ?? '').toLowerCase();
    const side: Side | null = team === 'allies' ? 'Allies' : team === 'axis' ? 'Axis' : null;
    const score = parseScore(e.message ?? '');
    if (!side || !score) continue;
    flips.push({ at: (e.time - slice.start) / 1000, side, new_score: `${score[0]}-${score[1]}` });
  }
  return flips;
}

/**
 * Builds the ParsedMatch of one complete match: map through the catalogue, gamemode, date (= start, ISO UTC),
 * duration (whole minutes, rounded), final score from MATCH ENDED, victor (higher score; null on a draw),
 * result (winner's score first), cap flips, per-side kill statistics and per-player statistics.
 */
export function buildMatch(slice: MatchSlice, format: LogFormat, skippedLines: number): ParsedMatch {
  const mapRaw = sliceMapRaw(slice);
  const layer = resolveLayer(mapRaw);
  const [allied, axis] = sliceScore(slice);
  const killStatistics = emptyKillStatistics();
  const players = computePlayers(slice, killStatistics);
  const start = isoTime(slice.start);
  return {
    format,
    index: slice.index,
    start,
    end: isoTime(slice.end),
    date: start,
    duration: Math.max(0, Math.round((slice.end - slice.start) / 60_000)),
    map: layer?.map.id ?? null,
    map_name: layer?.map.name ?? mapRaw,
    map_raw: mapRaw,
    gamemode: gamemodeOf(mapRaw),
    allied_score: allied,
    axis_score: axis,
    victor_side: allied > axis ? 'Allies' : axis > allied ? 'Axis' : null,
    result: `${Math.max(allied, axis)}-${Math.min(allied, axis)}`,
    cap_flips: capFlips(slice),
    kill_statistics: killStatistics,
    players,
    skipped_lines: skippedLines,
  };
}
