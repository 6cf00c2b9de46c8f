import type { Side } from '#lib/domain/logs/types.ts';

/** Team state: a side, null (explicitly on no team), or undefined (not known yet). */
export type TeamState = Side | null | undefined;

/**
 * Connection intervals of one player inside a match window, split by team so that playtime per side can be told.
 * Times are epoch ms. Time spent before the team is first known is later given to the first known team.
 */
export interface Presence {
  openSince: number | null;
  seen: boolean;
  team: TeamState;
  firstTeam: Side | undefined;
  segmentStart: number;
  time: { Allies: number; Axis: number; none: number; unknown: number };
}

export function newPresence(): Presence {
  return {
    openSince: null,
    seen: false,
    team: undefined,
    firstTeam: undefined,
    segmentStart: 0,
    time: { Allies: 0, Axis: 0, none: 0, unknown: 0 },
  };
}

function closeSegment(p: Presence, t: number): void {
  if (p.openSince === null) return;
  const span = Math.max(0, t - p.segmentStart);
  const key = p.team === undefined ? 'unknown' : p.team === null ? 'none' : p.team;
  p.time[key] += span;
  p.segmentStart = Math.max(p.segmentStart, t);
}

/** Starts an interval at `t` unless one is open. */
export function open(p: Presence, t: number): void {
  p.seen = true;
  if (p.openSince !== null) return;
  p.openSince = t;
  p.segmentStart = t;
}

/** Ends the open interval at `t` (no-op when none is open). */
export function close(p: Presence, t: number): void {
  if (p.openSince === null) return;
  closeSegment(p, t);
  p.openSince = null;
}

/** A player acting at any time is connected; with no earlier connect line they count from `matchStart`. */
export function act(p: Presence, matchStart: number): void {
  if (!p.seen && p.openSince === null) open(p, matchStart);
  p.seen = true;
}

/** Records that the player is on `team` from `t` on. */
export function setTeam(p: Presence, team: Side | null, t: number): void {
  if (team === p.team) return;
  closeSegment(p, t);
  p.team = team;
  if (team && !p.firstTeam) p.firstTeam = team;
}

/** Total connected ms per side, the unknown-team time credited to the first known team. */
export function sideTime(p: Presence): { total: number; Allies: number; Axis: number } {
  const extra = p.time.unknown;
  return {
    total: p.time.Allies + p.time.Axis + p.time.none + p.time.unknown,
    Allies: p.time.Allies + (p.firstTeam === 'Allies' ? extra : 0),
    Axis: p.time.Axis + (p.firstTeam === 'Axis' ? extra : 0),
  };
}
