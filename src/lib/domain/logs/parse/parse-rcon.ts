import type { LogEvent, ParsedLog } from '#lib/domain/logs/types.ts';
import { newIdTable } from './id-table.ts';
import type { IdTable } from './id-table.ts';
import { rconEvent, rconKill } from './rcon-body.ts';

/** Where an RCON entry's body starts and its epoch in ms. */
interface RconPrefix {
  time: number;
  bodyAt: number;
}

/** readRconPrefix for the line text[from, end) into `out` (no object per line); false when absent. */
function readPrefixAt(text: string, from: number, end: number, out: RconPrefix): boolean {
  if (from >= end || text.charCodeAt(from) !== 91) return false;
  let at = text.indexOf(')] ', from + 2);
  while (at >= 0 && at + 3 <= end) {
    let d = at - 1;
    while (d >= from && text.charCodeAt(d) >= 48 && text.charCodeAt(d) <= 57) d--;
    if (d < at - 1 && d >= from + 2 && text.charCodeAt(d) === 40 && text.charCodeAt(d - 1) === 32) {
      // 1-13 digits: read in place (what Number() of them gives, always a safe integer).
      if (at - d <= 14) {
        let seconds = 0;
        for (let k = d + 1; k < at; k++) seconds = seconds * 10 + (text.charCodeAt(k) - 48);
        out.time = seconds * 1000;
        out.bodyAt = at + 3;
        return true;
      }
    }
    at = text.indexOf(')] ', at + 1);
  }
  return false;
}

/**
 * Reads the `[<relative> (<epoch>)] ` prefix of an RCON entry (same as `^\[.+? \((\d+)\)\] ` with the lazy match):
 * returns the epoch in ms and where the body starts, or null.
 */
export function readRconPrefix(line: string): { time: number; bodyAt: number } | null {
  const out: RconPrefix = { time: 0, bodyAt: 0 };
  return readPrefixAt(line, 0, line.length, out) ? out : null;
}

/**
 * Gives TEAMSWITCH events (name only) the id of the player who most recently connected with that name, else of
 * any line that carried that name with an id. Unresolvable switches are dropped and counted.
 */
function resolveTeamSwitches(events: LogEvent[]): { events: LogEvent[]; dropped: number } {
  // Built only when a switch names nobody who connected before it (rare), as it costs a pass over all events.
  let anyId: Map<string, string> | null = null;
  const fallback = (name: string): string | undefined => {
    if (!anyId) {
      anyId = new Map();
      for (const e of events) {
        if (e.player_id && e.player_name !== null && !anyId.has(e.player_name)) anyId.set(e.player_name, e.player_id);
        if (e.player2_id && e.player2_name !== null && !anyId.has(e.player2_name))
          anyId.set(e.player2_name, e.player2_id);
      }
    }
    return anyId.get(name);
  };
  const recent = new Map<string, string>();
  const out: LogEvent[] = [];
  let dropped = 0;
  for (const e of events) {
    if (e.type === 'player_join_server') {
      if (e.player_id && e.player_name !== null) recent.set(e.player_name, e.player_id);
    } else if (e.type === 'player_change_team' && e.player_id === null) {
      const name = e.player_name ?? '';
      const id = recent.get(name) ?? fallback(name);
      if (!id) {
        dropped++;
        continue;
      }
      e.player_id = id;
    }
    out.push(e);
  }
  return { events: out, dropped };
}

/**
 * RCON dumps may list newest entries first (as admin tools display them); the epochs decide. Entries in the same
 * second keep their relative order (reversed along with the file), and a chronological file is left as it is.
 */
function chronological(events: LogEvent[]): LogEvent[] {
  const first = events[0];
  const last = events[events.length - 1];
  const ordered = first && last && first.time > last.time ? events.reverse() : events;
  for (let i = 1; i < ordered.length; i++) {
    if ((ordered[i] as LogEvent).time < (ordered[i - 1] as LogEvent).time) {
      return ordered
        .map((e, j) => ({ e, j }))
        .sort((a, b) => a.e.time - b.e.time || a.j - b.j)
        .map(({ e }) => e);
    }
  }
  return ordered;
}

/** The entry waiting for its event: its body is text[from, to) plus `extra` (continuation lines), if any. */
interface Pending {
  open: boolean;
  time: number;
  from: number;
  to: number;
  extra: string | null;
}

/** Turns the pending entry into an event (pushed to `raw`); false when it is unreadable. Clears it. */
function flush(p: Pending, text: string, ids: IdTable, raw: LogEvent[]): boolean {
  if (!p.open) return true;
  p.open = false;
  let e: LogEvent | null;
  const { from, to } = p;
  // Kill entries (most of a log) are read in place; any other entry gets its body as a string.
  if (p.extra === null && text.startsWith('KILL: ', from) && to - from >= 6) {
    e = rconKill(p.time, text, from + 6, to, false, ids);
  } else if (p.extra === null && text.startsWith('TEAM KILL: ', from) && to - from >= 11) {
    e = rconKill(p.time, text, from + 11, to, true, ids);
  } else {
    const body = p.extra === null ? text.slice(from, to) : text.slice(from, to) + p.extra;
    let end = body.length;
    // A blank line after an entry (e.g. the file's final newline) is not part of its body.
    while (end > 0 && body.charCodeAt(end - 1) === 10) end--;
    e = rconEvent(p.time, end === body.length ? body : body.slice(0, end), ids);
  }
  if (e) raw.push(e);
  return e !== null;
}

/**
 * Parses raw RCON admin-log text. Entries start with `[<relative> (<epoch>)] `; following lines without that
 * prefix belong to the same body (chat messages may span lines). Only the epoch is used for time; events are returned
 * in epoch order.
 */
export function parseRcon(text: string): ParsedLog {
  const raw: LogEvent[] = [];
  let skipped = 0;
  const pending: Pending = { open: false, time: 0, from: 0, to: 0, extra: null };
  const prefix: RconPrefix = { time: 0, bodyAt: 0 };
  const ids = newIdTable();
  // Lines are read in place ([at, end) without the '\r'), as text.split('\n') would give them.
  let at = 0;
  for (;;) {
    let next = text.indexOf('\n', at);
    if (next < 0) next = text.length;
    let end = next;
    if (end > at && text.charCodeAt(end - 1) === 13) end--;
    if (readPrefixAt(text, at, end, prefix)) {
      if (!flush(pending, text, ids, raw)) skipped++;
      pending.open = true;
      pending.time = prefix.time;
      pending.from = prefix.bodyAt;
      pending.to = end;
      pending.extra = null;
    } else if (pending.open) {
      pending.extra = (pending.extra ?? '') + '\n' + text.slice(at, end);
    } else if (text.slice(at, end).trim() !== '') {
      skipped++;
    }
    if (next >= text.length) break;
    at = next + 1;
  }
  if (!flush(pending, text, ids, raw)) skipped++;
  const { events, dropped } = resolveTeamSwitches(chronological(raw));
  return { format: 'rcon', events, skippedLines: skipped + dropped };
}
