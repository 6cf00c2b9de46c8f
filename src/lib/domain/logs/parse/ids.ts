/** True for a SteamID64 (17 digits) or an EOS id (32 hex digits). */
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

/** Last index of the character `code` at or before `from`, or -1. */
function lastCharAt(text: string, code: number, from: number): number {
  for (let i = Math.min(from, text.length - 1); i >= 0; i--) if (text.charCodeAt(i) === code) return i;
  return -1;
}

/** `text` without one trailing space (what `.replace(/ $/, '')` does). */
export function dropTrailingSpace(text: string): string {
  return text.charCodeAt(text.length - 1) === 32 ? text.slice(0, -1) : text;
}

/** A `(Team/ID)` group found inside a line. `open` is the index of `(`, `close` of `)`. */
export interface TeamIdGroup {
  open: number;
  close: number;
  team: string | null;
  id: string;
}

/** Reads a `(Team/ID)` group whose `)` is at `close`; the team is letters only (`None`/empty -> null). */
export function groupEndingAt(text: string, close: number): TeamIdGroup | null {
  if (text.charCodeAt(close) !== 41) return null;
  const slash = lastCharAt(text, 47, close);
  if (slash < 0) return null;
  const id = text.slice(slash + 1, close);
  if (!isPlayerId(id)) return null;
  const open = lastCharAt(text, 40, slash);
  if (open < 0) return null;
  for (let i = open + 1; i < slash; i++) {
    const c = text.charCodeAt(i) | 0x20;
    if (c < 97 || c > 122) return null;
  }
  const team = text.slice(open + 1, slash);
  return { open, close, team: team === '' || team === 'None' ? null : team, id };
}

/** Reads `<name> (<ID>)` (or `<name>(<ID>)`) at the end of `text`; the name keeps any characters. */
export function nameAndId(text: string): { name: string; id: string } | null {
  if (!text.endsWith(')')) return null;
  const open = lastCharAt(text, 40, text.length - 1);
  if (open < 0) return null;
  const id = text.slice(open + 1, -1);
  if (!isPlayerId(id)) return null;
  const name = dropTrailingSpace(text.slice(0, open));
  return { name, id };
}

/** Reads `<name> (<Team>/<ID>)` (space optional) at the end of `text`. */
export function nameTeamId(text: string): { name: string; team: string | null; id: string } | null {
  const group = groupEndingAt(text, text.length - 1);
  if (!group) return null;
  return { name: dropTrailingSpace(text.slice(0, group.open)), team: group.team, id: group.id };
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
 * Splits `A (T/id) -> B (T/id) with W` (HLU text) or `A(T/id) -> B(T/id) with W` (RCON). Names may contain anything,
 * including ' -> ' and parentheses, so the split anchors on valid `(Team/ID)` groups and prefers the right-most one.
 */
export function splitKill(text: string): KillParts | null {
  let withAt = lastIndexFrom(text, ') with ', text.length);
  while (withAt >= 0) {
    const victim = groupEndingAt(text, withAt);
    if (victim) {
      const weaponText = text.slice(withAt + 7);
      let arrow = lastIndexFrom(text, ') -> ', victim.open);
      while (arrow >= 0) {
        const killer = groupEndingAt(text, arrow);
        const victimStart = arrow + 5;
        if (killer && victimStart <= victim.open) {
          return {
            killerName: dropTrailingSpace(text.slice(0, killer.open)),
            killerTeam: killer.team,
            killerId: killer.id,
            victimName: dropTrailingSpace(text.slice(victimStart, victim.open)),
            victimTeam: victim.team,
            victimId: victim.id,
            weapon: weaponText === '' || weaponText === 'None' ? null : weaponText,
          };
        }
        arrow = arrow === 0 ? -1 : lastIndexFrom(text, ') -> ', arrow - 1);
      }
    }
    withAt = withAt === 0 ? -1 : lastIndexFrom(text, ') with ', withAt - 1);
  }
  return null;
}

/** Parses 'A - X' (or 'A-X') into two non-negative integers. */
export function parseScore(text: string): [number, number] | null {
  const m = /^\s*(\d{1,3})\s*-\s*(\d{1,3})\s*$/.exec(text);
  return m ? [Number(m[1]), Number(m[2])] : null;
}
