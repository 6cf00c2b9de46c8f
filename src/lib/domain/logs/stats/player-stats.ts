import { dictionary } from '#lib/own.ts';
import type { KillStatistics, LogEvent, MatchSlice, PlayerMatchStats, Side } from '#lib/domain/logs/types.ts';
import { recordKill, recordSuicide, recordTeamkill } from './kill-statistics.ts';
import { bumpIndex, bumpWeapon, finishAcc, leaveSquad, newAcc, seeName } from './player-acc.ts';
import type { PlayerAcc } from './player-acc.ts';
import { act, close, open, setTeam } from './presence.ts';
import { newWeaponSlots, weaponSlot } from './weapon-slots.ts';
import type { WeaponSlots } from './weapon-slots.ts';

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
  const ctx: Context = { start: slice.start, players: new Map(), list: [], kills, weapons: newWeaponSlots() };
  const { start, end } = slice;
  for (const [id, state] of slice.presentAtStart) {
    const acc = accOf(ctx, id);
    seeName(acc, state.name);
    open(acc.presence, start);
    setTeam(acc.presence, asSide(state.team), start);
    if (state.role) acc.roles.push({ role: state.role, at: 0 });
    if (state.squad) acc.openSquad = { squad: state.squad, joined: 0 };
  }
  const events = slice.events;
  for (let i = 0; i < events.length; i++) {
    const e = events[i] as LogEvent;
    const id = e.player_id;
    if (!id) continue;
    const t = Math.min(end, Math.max(start, e.time));
    const p = accOf(ctx, id);
    const type = e.type;
    if (type === 'player_join_server') {
      open(p.presence, t);
      seeName(p, e.player_name);
      continue;
    }
    act(p.presence, start);
    if (type !== 'player_message') seeName(p, e.player_name);
    if (type === 'player_kill' || type === 'player_teamkill' || type === 'player_suicide') {
      const team = asSide(e.player_team);
      if (team) setTeam(p.presence, team, t);
    }
    applyEvent(e, p, t, (t - start) / 1000, ctx);
  }
  const out = dictionary<PlayerMatchStats>();
  const { list } = ctx;
  const endAt = (end - start) / 1000;
  for (const acc of list) {
    close(acc.presence, end);
    leaveSquad(acc, endAt);
    out[acc.id] = finishAcc(acc, list, ctx.weapons.list);
  }
  return out;
}

function death(victim: PlayerAcc): void {
  victim.deaths++;
  victim.streak = 0;
}

/** State of one computePlayers run, shared by the per-event helpers. */
interface Context {
  start: number;
  /** Player id -> accumulator, and the accumulators in first-seen order (their `index`). */
  players: Map<string, PlayerAcc>;
  list: PlayerAcc[];
  kills: KillStatistics;
  weapons: WeaponSlots;
}

/** The accumulator of player `id`, created on first sight. */
function accOf(ctx: Context, id: string): PlayerAcc {
  let acc = ctx.players.get(id);
  if (acc === undefined) {
    acc = newAcc(id, ctx.list.length);
    ctx.players.set(id, acc);
    ctx.list.push(acc);
  }
  return acc;
}

function applyEvent(e: LogEvent, p: PlayerAcc, t: number, at: number, ctx: Context): void {
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
      recordSuicide(ctx.kills, p.presence.team ?? p.presence.firstTeam ?? null);
      return;
    case 'player_kill':
    case 'player_teamkill':
      applyKill(e, p, t, at, ctx);
      return;
    default:
      return;
  }
}

function applyKill(e: LogEvent, p: PlayerAcc, t: number, at: number, ctx: Context): void {
  if (!e.player2_id) return;
  const v = accOf(ctx, e.player2_id);
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
    recordTeamkill(ctx.kills, killerSide, victimSide);
    return;
  }
  p.kills++;
  p.streak++;
  if (p.streak > p.maxStreak) p.maxStreak = p.streak;
  const weapon = weaponSlot(ctx.weapons, e.weapon);
  bumpWeapon(p, weapon);
  p.killEvents.push(at);
  recordKill(ctx.kills, killerSide, victimSide, weapon);
}
