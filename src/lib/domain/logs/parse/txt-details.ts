import { blankEvent, noneToNull } from '#lib/domain/logs/event.ts';
import type { LogEvent } from '#lib/domain/logs/types.ts';
import type { IdTable } from './id-table.ts';
import { sharedId } from './id-table.ts';
import { nameAndId, nameTeamId, splitKill } from './ids.ts';

const SCORE_RE = /^(.*) \(([0-9A-Za-z]+)\): (-?\d+) C, (-?\d+) O, (-?\d+) D, (-?\d+) S \(KD: (-?\d+)\/(-?\d+)\)$/s;
const SCORE_LINE_RE = /^ALLIED \((\d+ - \d+)\) AXIS$/;

function arrowPair(text: string): [string | null, string | null] | null {
  const at = text.lastIndexOf(' -> ');
  if (at < 0) return null;
  return [noneToNull(text.slice(0, at)), noneToNull(text.slice(at + 4))];
}

function withPlayer(
  type: LogEvent['type'],
  time: number,
  who: { name: string; id: string; team?: string | null },
): LogEvent {
  const e = blankEvent(type, time);
  e.player_name = who.name;
  e.player_id = who.id;
  e.player_team = who.team ?? null;
  return e;
}

/** `<player part><sep><old> -> <new>`; the player part is read by `read`. */
function changeLine(
  type: LogEvent['type'],
  time: number,
  details: string,
  sep: string,
  read: (s: string, ids: IdTable) => { name: string; id: string; team?: string | null } | null,
  ids: IdTable,
): LogEvent | null {
  const at = details.lastIndexOf(sep);
  if (at < 0) return null;
  const who = read(details.slice(0, at), ids);
  const change = arrowPair(details.slice(at + sep.length));
  if (!who || !change) return null;
  const e = withPlayer(type, time, who);
  e.old = change[0];
  e.new = change[1];
  return e;
}

function chatLine(time: number, label: string, details: string, ids: IdTable): LogEvent | null {
  const idOpen = details.lastIndexOf(' (');
  const who = idOpen >= 0 ? nameAndId('x' + details.slice(idOpen), ids) : null;
  if (!who) return null;
  const body = details.slice(0, idOpen);
  // The name may itself contain ': '; the first separator is the best guess in this format.
  const colon = body.indexOf(': ');
  if (colon < 0) return null;
  const e = withPlayer('player_message', time, { name: body.slice(0, colon), id: who.id });
  e.message = body.slice(colon + 2);
  const parts = label.slice(5, -1).split('][');
  e.team_name = noneToNull(parts[0]);
  e.player_team = e.team_name;
  e.squad_name = noneToNull(parts[1]);
  return e;
}

/** A KILL / TEAM KILL line whose details are `text.slice(from, to)` (read in place), or null when unreadable. */
export function killEvent(
  type: 'player_kill' | 'player_teamkill',
  time: number,
  text: string,
  from: number,
  to: number,
  ids: IdTable,
): LogEvent | null {
  const k = splitKill(text, ids, from, to);
  if (!k) return null;
  const e = withPlayer(type, time, { name: k.killerName, id: k.killerId, team: k.killerTeam });
  e.player2_name = k.victimName;
  e.player2_id = k.victimId;
  e.player2_team = k.victimTeam;
  e.weapon = k.weapon;
  return e;
}

function scoreLine(time: number, details: string, ids: IdTable): LogEvent | null {
  const m = SCORE_RE.exec(details);
  if (!m || !nameAndId(`x (${m[2]})`)) return null;
  const e = withPlayer('player_score_update', time, { name: m[1] ?? '', id: sharedId(ids, m[2] ?? '') });
  e.combat = Number(m[3]);
  e.offense = Number(m[4]);
  e.defense = Number(m[5]);
  e.support = Number(m[6]);
  e.new = m[7] ?? null;
  e.message = m[8] ?? null;
  return e;
}

const UNIT_RE = {
  squad_create: /^Unit (.*) created on team (\w+)$/s,
  squad_disband: /^Unit (.*) disbanded on team (\w+)$/s,
};

function unitLine(type: 'squad_create' | 'squad_disband', time: number, details: string): LogEvent | null {
  const m = UNIT_RE[type].exec(details);
  if (!m) return null;
  const e = blankEvent(type, time);
  e.squad_name = m[1] ?? null;
  e.team_name = m[2] ?? null;
  return e;
}

/**
 * Turns one HLU text line (trimmed label + details) into an event, or null when the details do not have the
 * shape the label promises. Unknown labels become `other` events. Player ids are `ids`' shared strings.
 */
export function txtEvent(time: number, label: string, details: string, ids: IdTable): LogEvent | null {
  switch (label) {
    case 'CONNECTED':
    case 'DISCONNECTED': {
      const who = nameAndId(details, ids);
      return who ? withPlayer(label === 'CONNECTED' ? 'player_join_server' : 'player_leave_server', time, who) : null;
    }
    case 'TEAM SWITCHED':
      return changeLine('player_change_team', time, details, ': ', nameAndId, ids);
    case 'UNIT SWITCHED':
      return changeLine('player_change_squad', time, details, ': ', nameTeamId, ids);
    case 'ROLE CHANGED':
      return changeLine('player_change_role', time, details, ' changed role: ', nameTeamId, ids);
    case 'LOADOUT CHANGED':
      return changeLine('player_change_loadout', time, details, ' changed loadout: ', nameTeamId, ids);
    case 'LEVELUP':
      return changeLine('player_level_up', time, details, ' leveled up: ', nameAndId, ids);
    case 'CAMERA ENTERED':
    case 'CAMERA EXITED': {
      const type = label === 'CAMERA ENTERED' ? 'player_enter_admin_cam' : 'player_exit_admin_cam';
      const suffix = label === 'CAMERA ENTERED' ? ' entered admin cam' : ' exited admin cam';
      const who = details.endsWith(suffix) ? nameTeamId(details.slice(0, -suffix.length), ids) : null;
      return who ? withPlayer(type, time, who) : null;
    }
    case 'SUICIDE': {
      const who = nameTeamId(details, ids);
      return who ? withPlayer('player_suicide', time, who) : null;
    }
    case 'KILL':
      return killEvent('player_kill', time, details, 0, details.length, ids);
    case 'TEAM KILL':
      return killEvent('player_teamkill', time, details, 0, details.length, ids);
    case 'PLAYER SCORE':
      return scoreLine(time, details, ids);
    case 'MAP CHANGED': {
      const m = /^Map changed from (.*) to (.*)$/s.exec(details);
      if (!m) return null;
      const e = blankEvent('server_map_change', time);
      e.old = noneToNull(m[1]);
      e.new = noneToNull(m[2]);
      return e;
    }
    case 'MATCH STARTED': {
      if (!details.startsWith('MATCH START ')) return null;
      const e = blankEvent('server_match_start', time);
      e.new = details.slice(12);
      return e;
    }
    case 'MATCH ENDED': {
      const m = /^MATCH ENDED `(.*)` (ALLIED \(\d+ - \d+\) AXIS)$/s.exec(details);
      const score = m ? SCORE_LINE_RE.exec(m[2] ?? '') : null;
      if (!m || !score) return null;
      const e = blankEvent('server_match_end', time);
      e.new = m[1] ?? null;
      e.message = score[1] ?? null;
      return e;
    }
    case 'WARMUP ENDED':
      return blankEvent('server_warmup_end', time);
    case 'OBJECTIVE CAPTURED': {
      const m = /^(\w+) captured an objective: ALLIED \((\d+ - \d+)\) AXIS$/.exec(details);
      if (!m) return null;
      const e = blankEvent('team_capture_objective', time);
      e.team_name = m[1] ?? null;
      e.message = m[2] ?? null;
      return e;
    }
    case 'UNIT CREATED':
      return unitLine('squad_create', time, details);
    case 'UNIT DISBANDED':
      return unitLine('squad_disband', time, details);
    default: {
      if (label.startsWith('CHAT[') && label.endsWith(']')) return chatLine(time, label, details, ids);
      const e = blankEvent('other', time);
      e.message = `${label}\t${details}`;
      return e;
    }
  }
}
