import type { KillStatistics, LogEvent, MatchSlice, PlayerMatchStats, Side } from '../types.ts';
import { recordKill, recordSuicide, recordTeamkill } from './kill-statistics.ts';
import { bump, bumpIndex, finishAcc, leaveSquad, newAcc, seeName } from './player-acc.ts';
import type { PlayerAcc } from './player-acc.ts';
import { act, close, open, setTeam } from './presence.ts';

function asSide(team: string | null): Side | null {
  if (team === 'Allies' || team === 'Axis') return team;
  if (team === null) return null;
  const t = team.toLowerCase();
  return t === 'allies' ? 'Allies' : t === 'axis' ? 'Axis' : null;
}

/**
 * Per-player statistics of one match, keyed by player id. Definitions (times are clamped to the match window):
 * - playtime: minutes connected between MATCH START and MATCH ENDED. Players connected at MATCH START count from it;
 *   a player acting (any line naming them except chat) without an earlier connect counts from MATCH START;
 *   reconnects add up; a disconnect ends an interval; MATCH ENDED closes open intervals.
 * - kills: enemy kills; teamkills: teammates killed; suicides; deaths = killed by an enemy + by a teammate + suicides.
 * - kpm / dpm / cpm / spm: kills, deaths, combat points, support points per playtime minute (0 without playtime).
 * - max_streak: most enemy kills between two of the player's deaths.
 * - weapons: enemy kills per weapon ('None' when the log has no weapon); victims: player id -> players this player
 *   killed (enemies and teammates, like HLU's scoreboard); killers: player id -> times killed by them (suicides not
 *   included); kill_events: seconds from match start of each enemy kill.
 * - side: side with the most playtime; the team follows TEAM SWITCHED / TEAMSWITCH lines and the team on kill lines.
 * - name: last name seen (chat excluded: its name is ambiguous in text formats); aliases: all names, first-seen order.
 * - roles: the role held at MATCH START (at 0) then each ROLE CHANGED (new role, seconds from start); squads: the unit
 *   held at MATCH START (joined 0) and UNIT SWITCHED memberships, closed by switching, disconnecting or the match end.
 *   Players connected at MATCH START also start on the team earlier lines gave them.
 * - combat/offensive/defensive/support points: the player's last PLAYER SCORE line, else 0.
 * Rounding: playtime to 2 decimals (minutes); kpm/dpm/cpm/spm to 3 decimals, computed from unrounded playtime.
 */
export function computePlayers(slice: MatchSlice, kills: KillStatistics): Record<string, PlayerMatchStats> {
  const players = new Map<string, PlayerAcc>();
  const list: PlayerAcc[] = [];
  const { start, end } = slice;
  const get = (id: string): PlayerAcc => {
    let acc = players.get(id);
    if (!acc) {
      acc = newAcc(id, list.length);
      players.set(id, acc);
      list.push(acc);
    }
    return acc;
  };
  const secs = (t: number): number => (t - start) / 1000;
  for (const [id, state] of slice.presentAtStart) {
    const acc = get(id);
    seeName(acc, state.name);
    open(acc.presence, start);
    setTeam(acc.presence, asSide(state.team), start);
    if (state.role) acc.roles.push({ role: state.role, at: 0 });
    if (state.squad) acc.openSquad = { squad: state.squad, joined: 0 };
  }
  for (const e of slice.events) {
    const t = Math.min(end, Math.max(start, e.time));
    if (!e.player_id) continue;
    const p = get(e.player_id);
    if (e.type === 'player_join_server') {
      open(p.presence, t);
      seeName(p, e.player_name);
      continue;
    }
    act(p.presence, start);
    if (e.type !== 'player_message') seeName(p, e.player_name);
    const team = asSide(e.player_team);
    if (team && (e.type === 'player_kill' || e.type === 'player_teamkill' || e.type === 'player_suicide')) {
      setTeam(p.presence, team, t);
    }
    applyEvent(e, p, t, secs(t), { start, get, kills });
  }
  const out: Record<string, PlayerMatchStats> = {};
  for (const acc of list) {
    close(acc.presence, end);
    leaveSquad(acc, secs(end));
    out[acc.id] = finishAcc(acc, list);
  }
  return out;
}

function death(victim: PlayerAcc): void {
  victim.deaths++;
  victim.streak = 0;
}

interface Context {
  start: number;
  get: (id: string) => PlayerAcc;
  kills: KillStatistics;
}

function applyEvent(e: LogEvent, p: PlayerAcc, t: number, at: number, ctx: Context): void {
  const { kills } = ctx;
  // A kill of oneself is a suicide whatever the line calls it.
  const type = e.player2_id !== null && e.player2_id === e.player_id ? 'player_suicide' : e.type;
  switch (type) {
    case 'player_leave_server':
      close(p.presence, t);
      leaveSquad(p, at);
      return;
    case 'player_change_team':
      setTeam(p.presence, asSide(e.new), t);
      return;
    case 'player_change_role':
      if (e.new) p.roles.push({ role: e.new, at });
      return;
    case 'player_change_squad':
      leaveSquad(p, at);
      if (e.new) p.openSquad = { squad: e.new, joined: at };
      return;
    case 'player_score_update':
      p.score = { combat: e.combat ?? 0, offense: e.offense ?? 0, defense: e.defense ?? 0, support: e.support ?? 0 };
      return;
    case 'player_suicide':
      p.suicides++;
      death(p);
      recordSuicide(kills, p.presence.team ?? p.presence.firstTeam ?? null);
      return;
    case 'player_kill':
    case 'player_teamkill': {
      if (!e.player2_id) return;
      const v = ctx.get(e.player2_id);
      act(v.presence, ctx.start);
      seeName(v, e.player2_name);
      const vTeam = asSide(e.player2_team);
      if (vTeam) setTeam(v.presence, vTeam, t);
      const killerSide = p.presence.team ?? p.presence.firstTeam ?? null;
      const victimSide = v.presence.team ?? v.presence.firstTeam ?? null;
      bumpIndex(p.victims, v.index);
      bumpIndex(v.killers, p.index);
      death(v);
      if (e.type === 'player_teamkill') {
        p.teamkills++;
        recordTeamkill(kills, killerSide, victimSide);
        return;
      }
      p.kills++;
      p.streak++;
      p.maxStreak = Math.max(p.maxStreak, p.streak);
      bump(p.weapons, e.weapon ?? 'None');
      p.killEvents.push(at);
      recordKill(kills, killerSide, victimSide, e.weapon);
      return;
    }
    default:
      return;
  }
}
