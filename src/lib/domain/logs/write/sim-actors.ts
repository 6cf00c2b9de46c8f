import type { Side } from '#lib/domain/logs/types.ts';
import type { Rng } from './prng.ts';
import type { SimPlayer } from './sim-players.ts';

/** One connection of a simulated player: [from, to) in epoch ms; `to` null = still connected at match end. */
export interface Session {
  from: number;
  to: number | null;
  name: string;
  role: string;
}

/** A simulated player with its connection plan and optional mid-match team switch. */
export interface Actor {
  player: SimPlayer;
  strength: number;
  side0: Side;
  sessions: Session[];
  switchAt: number | null;
  kills: number;
  deaths: number;
  squadIndex: number;
}

export interface ActorRates {
  lateJoin: number;
  reconnect: number;
  rename: number;
  earlyLeave: number;
  teamSwitch: number;
}

const ROLES = [
  'Rifleman',
  'Rifleman',
  'Assault',
  'Automatic Rifleman',
  'Medic',
  'Support',
  'Machine Gunner',
  'Anti-Tank',
  'Engineer',
  'Officer',
  'Sniper',
  'Spotter',
  'Tank Commander',
  'Crewman',
];

export const other = (side: Side): Side => (side === 'Allies' ? 'Axis' : 'Allies');
const MIN = 60_000;

/** Plans when each player is connected (epoch ms, whole seconds) for a match from `start` to `end`. */
export function planActor(
  rng: Rng,
  player: SimPlayer,
  side: Side,
  index: number,
  start: number,
  end: number,
  rates: ActorRates,
): Actor {
  const join = rng.chance(rates.lateJoin) ? start + rng.int(60, 1500) * 1000 : start - rng.int(20, 900) * 1000;
  const base = { name: player.name, role: rng.pick(ROLES) };
  const sessions: Session[] = [];
  const midFrom = Math.max(join, start) + 10 * MIN;
  if (rng.chance(rates.reconnect) && midFrom < end - 25 * MIN) {
    const gap = midFrom + rng.int(0, Math.floor((end - 25 * MIN - midFrom) / 1000)) * 1000;
    const back = gap + rng.int(30, 360) * 1000;
    const name = rng.chance(rates.rename) ? `[RE] ${player.name}` : player.name;
    sessions.push({ from: join, to: gap, ...base }, { from: back, to: null, name, role: rng.pick(ROLES) });
  } else if (rng.chance(rates.earlyLeave) && midFrom < end - 10 * MIN) {
    sessions.push({
      from: join,
      to: midFrom + rng.int(0, Math.floor((end - 10 * MIN - midFrom) / 1000)) * 1000,
      ...base,
    });
  } else {
    sessions.push({ from: join, ...base, to: null });
  }
  const last = sessions[sessions.length - 1] as Session;
  const switchFrom = Math.max(last.from, start) + 5 * MIN;
  const switchAt =
    rng.chance(rates.teamSwitch) && switchFrom < end - 10 * MIN
      ? switchFrom + rng.int(0, Math.floor((end - 10 * MIN - switchFrom) / 1000)) * 1000
      : null;
  return {
    player,
    strength: player.strength ?? 1,
    side0: side,
    sessions,
    switchAt,
    kills: 0,
    deaths: 0,
    squadIndex: Math.floor(index / 6),
  };
}

/** Side of an actor at time t (after a mid-match switch, the other side). */
export function sideAt(actor: Actor, t: number): Side {
  return actor.switchAt !== null && t >= actor.switchAt ? other(actor.side0) : actor.side0;
}

/** The session an actor is in at t and has been in for at least 15 s (so its team is set), or null. */
export function activeSession(actor: Actor, t: number, end: number): Session | null {
  for (const s of actor.sessions) {
    if (t >= s.from + 15_000 && t < (s.to ?? end)) return s;
  }
  return null;
}
