import { blankEvent, noneToNull } from '#lib/domain/logs/event.ts';
import type { LogEvent } from '#lib/domain/logs/types.ts';
import type { IdTable } from './id-table.ts';
import { groupEndingAt, nameAndId, splitKill } from './ids.ts';

/**
 * A `KILL: ` / `TEAM KILL: ` body whose kill details are `text.slice(from, to)` (read in place), or null when
 * unreadable. A kill of oneself is a suicide.
 */
export function rconKill(
  time: number,
  text: string,
  from: number,
  to: number,
  team: boolean,
  ids: IdTable,
): LogEvent | null {
  const k = splitKill(text, ids, from, to);
  if (!k) return null;
  const self = k.killerId === k.victimId;
  const e = blankEvent(self ? 'player_suicide' : team ? 'player_teamkill' : 'player_kill', time);
  e.player_name = k.killerName;
  e.player_id = k.killerId;
  e.player_team = k.killerTeam;
  if (self) return e;
  e.player2_name = k.victimName;
  e.player2_id = k.victimId;
  e.player2_team = k.victimTeam;
  e.weapon = k.weapon;
  return e;
}

function connection(
  time: number,
  body: string,
  prefixLength: number,
  type: LogEvent['type'],
  ids: IdTable,
): LogEvent | null {
  const who = nameAndId(body, ids, prefixLength);
  if (!who) return null;
  const e = blankEvent(type, time);
  e.player_name = who.name;
  e.player_id = who.id;
  return e;
}

/** `TEAMSWITCH name (old > new)`: RCON gives no id, so the caller resolves the name (player_id stays null). */
function teamSwitch(time: number, body: string): LogEvent | null {
  const m = /^TEAMSWITCH (.*) \((\w*) > (\w*)\)$/s.exec(body);
  if (!m) return null;
  const e = blankEvent('player_change_team', time);
  e.player_name = m[1] ?? '';
  e.old = noneToNull(m[2]);
  e.new = noneToNull(m[3]);
  return e;
}

/** `CHAT[Team|Unit][name(Team/id)]: message`; the first valid `(Team/id)]: ` ends the name. */
function chat(time: number, body: string, ids: IdTable): LogEvent | null {
  const scope = body.startsWith('CHAT[Team][') ? 'Team' : body.startsWith('CHAT[Unit][') ? 'Unit' : null;
  if (!scope) return null;
  let at = body.indexOf(')]: ', 11);
  while (at >= 0) {
    const g = groupEndingAt(body, at, ids);
    if (g && g.open >= 11) {
      const e = blankEvent('player_message', time);
      e.player_name = body.slice(11, g.open);
      e.player_id = g.id;
      e.player_team = g.team;
      e.team_name = g.team;
      e.message = body.slice(at + 4);
      return e;
    }
    at = body.indexOf(')]: ', at + 1);
  }
  return null;
}

function adminCam(time: number, body: string, ids: IdTable): LogEvent | null {
  const m = /^Player \[(.*)\] (Entered|Left) Admin Camera$/s.exec(body);
  const who = m ? nameAndId(m[1] ?? '', ids) : null;
  if (!m || !who) return null;
  const e = blankEvent(m[2] === 'Entered' ? 'player_enter_admin_cam' : 'player_exit_admin_cam', time);
  e.player_name = who.name;
  e.player_id = who.id;
  return e;
}

function matchEnded(time: number, body: string): LogEvent | null {
  const m = /^MATCH ENDED `(.*)` ALLIED \((\d+ - \d+)\) AXIS$/s.exec(body);
  if (!m) return null;
  const e = blankEvent('server_match_end', time);
  e.new = m[1] ?? null;
  e.message = m[2] ?? null;
  return e;
}

function other(time: number, body: string): LogEvent {
  const e = blankEvent('other', time);
  e.message = body;
  return e;
}

/**
 * Turns one RCON log body (after the `[... (epoch)] ` prefix) into an event, or null when unreadable. Player ids are
 * `ids`' shared strings.
 */
export function rconEvent(time: number, body: string, ids: IdTable): LogEvent | null {
  if (body.startsWith('KILL: ')) return rconKill(time, body, 6, body.length, false, ids);
  if (body.startsWith('TEAM KILL: ')) return rconKill(time, body, 11, body.length, true, ids);
  if (body.startsWith('CONNECTED ')) return connection(time, body, 10, 'player_join_server', ids);
  if (body.startsWith('DISCONNECTED ')) return connection(time, body, 13, 'player_leave_server', ids);
  if (body.startsWith('TEAMSWITCH ')) return teamSwitch(time, body);
  if (body.startsWith('CHAT[')) return chat(time, body, ids);
  if (body.startsWith('Player [')) return adminCam(time, body, ids);
  if (body.startsWith('MATCH START ')) {
    const e = blankEvent('server_match_start', time);
    e.new = body.slice(12);
    return e;
  }
  if (body.startsWith('MATCH ENDED ')) return matchEnded(time, body);
  if (/^(KICK|BAN|VOTESYS|MESSAGE|PERMABAN|TEAMKILL-BAN|UNBAN): /.test(body)) return other(time, body);
  return null;
}
