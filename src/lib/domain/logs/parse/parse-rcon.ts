import type { LogEvent, ParsedLog } from '../types.ts';
import { newIdTable } from './id-table.ts';
import { rconEvent } from './rcon-body.ts';

/**
 * Reads the `[<relative> (<epoch>)] ` prefix of an RCON entry (same as `^\[.+? \((\d+)\)\] ` with the lazy match):
 * returns the epoch in ms and where the body starts, or null.
 */
export function readRconPrefix(line: string): { time: number; bodyAt: number } | null {
  if (line.charCodeAt(0) !== 91) return null;
  let at = line.indexOf(')] ', 2);
  while (at >= 0) {
    let d = at - 1;
    while (d >= 0 && line.charCodeAt(d) >= 48 && line.charCodeAt(d) <= 57) d--;
    if (d < at - 1 && d >= 2 && line.charCodeAt(d) === 40 && line.charCodeAt(d - 1) === 32) {
      // 1-13 digits: read in place (what Number() of them gives, always a safe integer).
      if (at - d <= 14) {
        let seconds = 0;
        for (let k = d + 1; k < at; k++) seconds = seconds * 10 + (line.charCodeAt(k) - 48);
        return { time: seconds * 1000, bodyAt: at + 3 };
      }
    }
    at = line.indexOf(')] ', at + 1);
  }
  return null;
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
        if (e.player2_id && e.player2_name !== null && !anyId.has(e.player2_name)) anyId.set(e.player2_name, e.player2_id);
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
      return ordered.map((e, j) => ({ e, j })).sort((a, b) => a.e.time - b.e.time || a.j - b.j).map(({ e }) => e);
    }
  }
  return ordered;
}

/**
 * Parses raw RCON admin-log text. Entries start with `[<relative> (<epoch>)] `; following lines without that
 * prefix belong to the same body (chat messages may span lines). Only the epoch is used for time; events are returned
 * in epoch order.
 */
export function parseRcon(text: string): ParsedLog {
  const raw: LogEvent[] = [];
  let skipped = 0;
  let time = 0;
  let body: string | null = null;
  const ids = newIdTable();
  const flush = (): void => {
    if (body === null) return;
    let end = body.length;
    // A blank line after an entry (e.g. the file's final newline) is not part of its body.
    while (end > 0 && body.charCodeAt(end - 1) === 10) end--;
    const e = rconEvent(time, end === body.length ? body : body.slice(0, end), ids);
    if (e) raw.push(e);
    else skipped++;
    body = null;
  };
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i] ?? '';
    if (line.endsWith('\r')) line = line.slice(0, -1);
    const prefix = readRconPrefix(line);
    if (prefix) {
      flush();
      time = prefix.time;
      body = line.slice(prefix.bodyAt);
    } else if (body !== null) {
      body += '\n' + line;
    } else if (line.trim() !== '') {
      skipped++;
    }
  }
  flush();
  const { events, dropped } = resolveTeamSwitches(chronological(raw));
  return { format: 'rcon', events, skippedLines: skipped + dropped };
}
