import { dictionary } from '#lib/own.ts';
import type { PlayerMatchStats, RoleChange, Side, SquadMembership } from '#lib/domain/logs/types.ts';
import { newPresence, sideTime } from './presence.ts';
import type { Presence } from './presence.ts';
import type { WeaponSlot } from './weapon-slots.ts';

/** Mutable per-player state while walking a match's events. */
export interface PlayerAcc {
  id: string;
  name: string;
  aliases: string[];
  presence: Presence;
  kills: number;
  deaths: number;
  teamkills: number;
  suicides: number;
  streak: number;
  maxStreak: number;
  /** Position in the match's player list; victims/killers are counted by it (arrays beat hashing ids per kill). */
  index: number;
  /** Enemy kills per weapon slot index (see weapon-slots.ts), and the slot indexes in first-kill order. */
  weaponKills: number[];
  weaponOrder: number[];
  victims: number[];
  killers: number[];
  killEvents: number[];
  roles: RoleChange[];
  squads: SquadMembership[];
  openSquad: { squad: string; joined: number } | null;
  score: { combat: number; offense: number; defense: number; support: number } | null;
}

export function newAcc(id: string, index: number): PlayerAcc {
  return {
    id,
    index,
    name: '',
    aliases: [],
    presence: newPresence(),
    kills: 0,
    deaths: 0,
    teamkills: 0,
    suicides: 0,
    streak: 0,
    maxStreak: 0,
    weaponKills: [],
    weaponOrder: [],
    victims: [],
    killers: [],
    killEvents: [],
    roles: [],
    squads: [],
    openSquad: null,
    score: null,
  };
}

/** Remembers a name the player was seen with (the last one wins as `name`). */
export function seeName(acc: PlayerAcc, name: string | null): void {
  if (name === null || name === '') return;
  // The usual case: the same name again (acc.name is always among the aliases already).
  if (name === acc.name) return;
  acc.name = name;
  if (!acc.aliases.includes(name)) acc.aliases.push(name);
}

/** Counts one more enemy kill with `weapon`. */
export function bumpWeapon(acc: PlayerAcc, weapon: WeaponSlot): void {
  const i = weapon.index;
  const counts = acc.weaponKills;
  while (counts.length <= i) counts.push(0);
  const n = counts[i] as number;
  if (n === 0) acc.weaponOrder.push(i);
  counts[i] = n + 1;
}

/** Counts one more kill between `counts`' owner and the player at `index`. */
export function bumpIndex(counts: number[], index: number): void {
  while (counts.length <= index) counts.push(0);
  counts[index] = (counts[index] ?? 0) + 1;
}

/** Closes the open squad membership at `at` seconds. */
export function leaveSquad(acc: PlayerAcc, at: number): void {
  if (!acc.openSquad) return;
  acc.squads.push({ squad: acc.openSquad.squad, joined: acc.openSquad.joined, left: at });
  acc.openSquad = null;
}

const round = (value: number, digits: number): number => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};

/** Per-minute rate, 0 when the player has no playtime. */
function perMinute(count: number, minutes: number): number {
  return minutes > 0 ? round(count / minutes, 3) : 0;
}

function byId(counts: number[], players: readonly PlayerAcc[]): Record<string, number> {
  const out = dictionary<number>();
  for (let i = 0; i < counts.length; i++) {
    const n = counts[i] as number;
    const other = players[i];
    if (n > 0 && other) out[other.id] = n;
  }
  return out;
}

/** Weapon name -> enemy kills, in first-kill order. */
function byWeapon(acc: PlayerAcc, weapons: readonly WeaponSlot[]): Record<string, number> {
  const entries: [string, number][] = [];
  for (const i of acc.weaponOrder) entries.push([(weapons[i] as WeaponSlot).name, acc.weaponKills[i] as number]);
  // fromEntries defines properties, so a weapon logged as '__proto__' stays an ordinary key.
  return Object.fromEntries(entries);
}

/** Final statistics of a player whose intervals are all closed; `weapons` is the match's weapon slot list. */
export function finishAcc(
  acc: PlayerAcc,
  players: readonly PlayerAcc[],
  weapons: readonly WeaponSlot[],
): PlayerMatchStats {
  const time = sideTime(acc.presence);
  const minutes = time.total / 60_000;
  let side: Side | null = null;
  if (time.Allies > 0 || time.Axis > 0) side = time.Allies >= time.Axis ? 'Allies' : 'Axis';
  else if (acc.presence.firstTeam) side = acc.presence.firstTeam;
  const score = acc.score ?? { combat: 0, offense: 0, defense: 0, support: 0 };
  return {
    id: acc.id,
    side,
    name: acc.name,
    aliases: acc.aliases,
    playtime: round(minutes, 2),
    kills: acc.kills,
    deaths: acc.deaths,
    teamkills: acc.teamkills,
    suicides: acc.suicides,
    kpm: perMinute(acc.kills, minutes),
    dpm: perMinute(acc.deaths, minutes),
    cpm: perMinute(score.combat, minutes),
    spm: perMinute(score.support, minutes),
    max_streak: acc.maxStreak,
    combat_points: score.combat,
    offensive_points: score.offense,
    defensive_points: score.defense,
    support_points: score.support,
    weapons: byWeapon(acc, weapons),
    roles: acc.roles,
    squads: acc.squads,
    killers: byId(acc.killers, players),
    victims: byId(acc.victims, players),
    kill_events: acc.killEvents,
  };
}
