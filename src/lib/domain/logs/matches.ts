import { resolveMap } from '#lib/domain/catalogue/maps.ts';
import { parseScore } from './parse/ids.ts';
import type { LogEvent, MatchCandidate, MatchSlice, PlayerAtStart } from './types.ts';

/** Keeps what connect/team/unit/role lines say about connected players, to know their state at MATCH START. */
function track(connected: Map<string, PlayerAtStart>, e: LogEvent): void {
  const id = e.player_id;
  const t = e.type;
  if (!id || t === 'player_kill' || t === 'player_teamkill' || t === 'player_message' || t === 'player_suicide') return;
  if (t === 'player_join_server') {
    connected.set(id, { name: e.player_name ?? '', team: null, role: null, squad: null });
    return;
  }
  if (e.type === 'player_leave_server') {
    connected.delete(id);
    return;
  }
  const state = connected.get(id);
  if (!state) return;
  if (e.type === 'player_change_team') state.team = e.new;
  else if (e.type === 'player_change_role') state.role = e.new;
  else if (e.type === 'player_change_squad') state.squad = e.new;
}

function snapshot(connected: Map<string, PlayerAtStart>): Map<string, PlayerAtStart> {
  const copy = new Map<string, PlayerAtStart>();
  for (const [id, state] of connected) copy.set(id, { ...state });
  return copy;
}

/**
 * Finds the complete matches (a MATCH START followed by a MATCH ENDED before the next MATCH START) in file order.
 * Each slice holds the events from start through end plus the PLAYER SCORE lines that follow the end (HLU writes them
 * after MATCH ENDED), and the players connected at MATCH START according to earlier connect/disconnect lines, with
 * the team, role and unit those earlier lines gave them.
 */
export function extractMatches(events: readonly LogEvent[]): MatchSlice[] {
  const slices: MatchSlice[] = [];
  const connected = new Map<string, PlayerAtStart>();
  let openAt = -1;
  let presentAtStart = new Map<string, PlayerAtStart>();
  for (let i = 0; i < events.length; i++) {
    const e = events[i] as LogEvent;
    if (e.type === 'server_match_start') {
      openAt = i;
      presentAtStart = snapshot(connected);
    } else if (e.type === 'server_match_end' && openAt >= 0) {
      const start = events[openAt] as LogEvent;
      const window = events.slice(openAt, i + 1);
      for (let j = i + 1; j < events.length; j++) {
        const next = events[j] as LogEvent;
        if (next.type === 'server_match_start') break;
        if (next.type === 'player_score_update') window.push(next);
      }
      slices.push({ index: slices.length, start: start.time, end: e.time, events: window, presentAtStart });
      openAt = -1;
    }
    track(connected, e);
  }
  return slices;
}

/** The MATCH ENDED event of a slice: its only one, followed by nothing but PLAYER SCORE lines, so sought from the end. */
function sliceEnd(slice: MatchSlice): LogEvent | undefined {
  const events = slice.events;
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i] as LogEvent;
    if (e.type === 'server_match_end') return e;
  }
  return undefined;
}

/** The raw map string of a slice (MATCH START's map, else MATCH ENDED's). */
export function sliceMapRaw(slice: MatchSlice): string {
  const first = slice.events[0];
  return first?.new ?? sliceEnd(slice)?.new ?? '';
}

/** Final score [allied, axis] from the MATCH ENDED line. */
export function sliceScore(slice: MatchSlice): [number, number] {
  return parseScore(sliceEnd(slice)?.message ?? '') ?? [0, 0];
}

/** ISO 8601 UTC for epoch ms; invalid times (from mangled input) render as the epoch. */
export function isoTime(ms: number): string {
  const d = new Date(ms);
  return Number.isNaN(d.getTime()) ? new Date(0).toISOString() : d.toISOString();
}

/** Summary used to let a user choose among several matches. */
export function candidateOf(slice: MatchSlice): MatchCandidate {
  const raw = sliceMapRaw(slice);
  const [a, x] = sliceScore(slice);
  return {
    index: slice.index,
    start: isoTime(slice.start),
    end: isoTime(slice.end),
    map: resolveMap(raw)?.name ?? raw,
    score: `${a} - ${x}`,
  };
}
