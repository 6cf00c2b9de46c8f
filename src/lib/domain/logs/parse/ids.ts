import { idAt } from './id-table.ts';
import type { IdTable } from './id-table.ts';

/**
 * True for a SteamID64 (17 digits) or an EOS id (32 hex digits). Kept apart from isPlayerIdAt (same test on a range):
 * sharing one function between short id strings (CSV/JSON) and whole files (text/RCON) slowed the CSV parse.
 */
export function isPlayerId(text: string): boolean {
  const n = text.length;
  if (n === 17) {
    for (let i = 0; i < 17; i++) {
      const c = text.charCodeAt(i);
      if (c < 48 || c > 57) return false;
    }
    return true;
  }
  if (n === 32) {
    for (let i = 0; i < 32; i++) {
      const c = text.charCodeAt(i) | 0x20;
      if (!((c >= 48 && c <= 57) || (c >= 97 && c <= 102))) return false;
    }
    return true;
  }
  return false;
}

/** isPlayerId(text.slice(from, to)) without the substring. */
export function isPlayerIdAt(text: string, from: number, to: number): boolean {
  const n = to - from;
  if (n === 17) {
    for (let i = from; i < to; i++) {
      const c = text.charCodeAt(i);
      if (c < 48 || c > 57) return false;
    }
    return true;
  }
  if (n === 32) {
    for (let i = from; i < to; i++) {
      const c = text.charCodeAt(i) | 0x20;
      if (!((c >= 48 && c <= 57) || (c >= 97 && c <= 102))) return false;
    }
    return true;
  }
  return false;
}

/**
 * `text.lastIndexOf(search, from)` as a plain loop: the built-in is a runtime call, and kill lines need several per
 * line. Same result for every input (from clamped to [0, length - search.length]).
 */
export function lastIndexFrom(text: string, search: string, from: number): number {
  const m = search.length;
  if (m === 0) return Math.max(0, Math.min(from, text.length));
  const first = search.charCodeAt(0);
  for (let i = Math.min(Math.max(from, 0), text.length - m); i >= 0; i--) {
    if (text.charCodeAt(i) !== first) continue;
    let k = 1;
    while (k < m && text.charCodeAt(i + k) === search.charCodeAt(k)) k++;
    if (k === m) return i;
  }
  return -1;
}

/** Last index of the character `code` at or before `from` and at or after `min`, or -1. */
function lastCharAt(text: string, code: number, from: number, min: number): number {
  for (let i = Math.min(from, text.length - 1); i >= min; i--) if (text.charCodeAt(i) === code) return i;
  return -1;
}

/** `lastIndexFrom(text, search, from)` when that is at or after `min`, else -1. */
function lastIndexAbove(text: string, search: string, from: number, min: number): number {
  const at = lastIndexFrom(text, search, from);
  return at >= min ? at : -1;
}

/** `text` without one trailing space (what `.replace(/ $/, '')` does). */
export function dropTrailingSpace(text: string): string {
  return text.charCodeAt(text.length - 1) === 32 ? text.slice(0, -1) : text;
}

/** `dropTrailingSpace(text.slice(from, end))` as one substring. */
function nameIn(text: string, from: number, end: number): string {
  return text.slice(from, end > from && text.charCodeAt(end - 1) === 32 ? end - 1 : end);
}

/** The id `text.slice(from, to)`: the parse's shared string when a table is given. */
function idIn(ids: IdTable | undefined, text: string, from: number, to: number): string {
  return ids ? idAt(ids, text, from, to) : text.slice(from, to);
}

/** The team `text.slice(from, to)` (`None`/empty -> null); the two sides come back as constants. */
function teamIn(text: string, from: number, to: number): string | null {
  const n = to - from;
  if (n === 0) return null;
  if (n === 6 && text.startsWith('Allies', from)) return 'Allies';
  if (n === 4) {
    if (text.startsWith('Axis', from)) return 'Axis';
    if (text.startsWith('None', from)) return null;
  }
  return text.slice(from, to);
}

/** A `(Team/ID)` group found inside a line. `open` is the index of `(`, `close` of `)`. */
export interface TeamIdGroup {
  open: number;
  close: number;
  team: string | null;
  id: string;
}

/**
 * Reads a `(Team/ID)` group whose `)` is at `close` and whose `(` is at or after `min`; the team is letters only
 * (`None`/empty -> null). With `ids`, the id is that table's shared string.
 */
export function groupEndingAt(text: string, close: number, ids?: IdTable, min = 0): TeamIdGroup | null {
  if (text.charCodeAt(close) !== 41) return null;
  const slash = lastCharAt(text, 47, close, min);
  if (slash < 0 || !isPlayerIdAt(text, slash + 1, close)) return null;
  const open = lastCharAt(text, 40, slash, min);
  if (open < 0) return null;
  for (let i = open + 1; i < slash; i++) {
    const c = text.charCodeAt(i) | 0x20;
    if (c < 97 || c > 122) return null;
  }
  return { open, close, team: teamIn(text, open + 1, slash), id: idIn(ids, text, slash + 1, close) };
}

/**
 * Reads `<name> (<ID>)` (or `<name>(<ID>)`) at the end of `text.slice(from)`; the name keeps any characters. With
 * `ids`, the id is that table's shared string.
 */
export function nameAndId(text: string, ids?: IdTable, from = 0): { name: string; id: string } | null {
  const close = text.length - 1;
  if (close < from || text.charCodeAt(close) !== 41) return null;
  const open = lastCharAt(text, 40, close, from);
  if (open < 0 || !isPlayerIdAt(text, open + 1, close)) return null;
  return { name: nameIn(text, from, open), id: idIn(ids, text, open + 1, close) };
}

/** Reads `<name> (<Team>/<ID>)` (space optional) at the end of `text`. */
export function nameTeamId(text: string, ids?: IdTable): { name: string; team: string | null; id: string } | null {
  const group = groupEndingAt(text, text.length - 1, ids);
  if (!group) return null;
  return { name: nameIn(text, 0, group.open), team: group.team, id: group.id };
}

export interface KillParts {
  killerName: string;
  killerTeam: string | null;
  killerId: string;
  victimName: string;
  victimTeam: string | null;
  victimId: string;
  weapon: string | null;
}

/**
 * Splits `A (T/id) -> B (T/id) with W` (HLU text) or `A(T/id) -> B(T/id) with W` (RCON), read from
 * `text.slice(from, to)` (lines are read in place, without a substring each).
 * Names may contain anything, including ' -> ' and parentheses, so the split anchors on valid `(Team/ID)` groups and
 * prefers the right-most one. With `ids`, the ids are that table's shared strings.
 */
export function splitKill(text: string, ids?: IdTable, from = 0, to = text.length): KillParts | null {
  let withAt = lastIndexAbove(text, ') with ', to - 7, from);
  while (withAt >= 0) {
    const victim = groupEndingAt(text, withAt, ids, from);
    if (victim) {
      let arrow = lastIndexAbove(text, ') -> ', victim.open, from);
      while (arrow >= 0) {
        const killer = groupEndingAt(text, arrow, ids, from);
        const victimStart = arrow + 5;
        if (killer && victimStart <= victim.open) {
          const weaponAt = withAt + 7;
          const n = to - weaponAt;
          const none = n === 0 || (n === 4 && text.startsWith('None', weaponAt));
          return {
            killerName: nameIn(text, from, killer.open),
            killerTeam: killer.team,
            killerId: killer.id,
            victimName: nameIn(text, victimStart, victim.open),
            victimTeam: victim.team,
            victimId: victim.id,
            weapon: none ? null : text.slice(weaponAt, to),
          };
        }
        arrow = arrow <= from ? -1 : lastIndexAbove(text, ') -> ', arrow - 1, from);
      }
    }
    withAt = withAt <= from ? -1 : lastIndexAbove(text, ') with ', withAt - 1, from);
  }
  return null;
}

/** Parses 'A - X' (or 'A-X') into two non-negative integers. */
export function parseScore(text: string): [number, number] | null {
  const m = /^\s*(\d{1,3})\s*-\s*(\d{1,3})\s*$/.exec(text);
  return m ? [Number(m[1]), Number(m[2])] : null;
}
