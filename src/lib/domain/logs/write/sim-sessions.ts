import { blankEvent } from '#lib/domain/logs/event.ts';
import type { LogEvent, Side } from '#lib/domain/logs/types.ts';
import type { Rng } from './prng.ts';
import type { Actor, Session } from './sim-actors.ts';
import { other, sideAt } from './sim-actors.ts';

const UNITS = ['Able', 'Baker', 'Charlie', 'Dog', 'Easy', 'Fox', 'George', 'How', 'Item', 'Jig', 'King', 'Love'];

export function unitName(index: number): string {
  return UNITS[index % UNITS.length] as string;
}

function playerEvent(type: LogEvent['type'], t: number, actor: Actor, s: Session, team: Side | null): LogEvent {
  const e = blankEvent(type, t);
  e.player_name = s.name;
  e.player_id = actor.player.id;
  e.player_team = team;
  e.player_role = s.role;
  return e;
}

/** Tracks which units exist, so UNIT CREATED is written once per unit and side. */
export type UnitRegistry = Set<string>;

function joinUnit(
  out: LogEvent[],
  units: UnitRegistry,
  t: number,
  actor: Actor,
  s: Session,
  side: Side,
  unit: string,
): void {
  if (!units.has(`${side}/${unit}`)) {
    units.add(`${side}/${unit}`);
    const created = blankEvent('squad_create', t);
    created.team_name = side;
    created.squad_name = unit;
    out.push(created);
  }
  const e = playerEvent('player_change_squad', t, actor, s, side);
  e.new = unit;
  out.push(e);
}

/**
 * Connect / team / unit / role / loadout / disconnect events of one actor's sessions, plus its mid-match team
 * switch. Sessions still open at the match end disconnect at `leaveAt`.
 */
export function sessionEvents(rng: Rng, actor: Actor, units: UnitRegistry, leaveAt: number): LogEvent[] {
  const out: LogEvent[] = [];
  for (const s of actor.sessions) {
    const side = sideAt(actor, s.from);
    out.push(playerEvent('player_join_server', s.from, actor, s, null));
    const team = playerEvent('player_change_team', s.from + 2000, actor, s, null);
    team.new = side;
    out.push(team);
    const unit = unitName(actor.squadIndex);
    joinUnit(out, units, s.from + rng.int(4, 9) * 1000, actor, s, side, unit);
    const roleAt = s.from + rng.int(10, 14) * 1000;
    const role = playerEvent('player_change_role', roleAt, actor, s, side);
    role.old = 'Rifleman';
    role.new = s.role;
    out.push(role);
    const loadout = playerEvent('player_change_loadout', roleAt + 1000, actor, s, side);
    loadout.old = 'Standard Issue';
    loadout.new = rng.pick(['Standard Issue', 'Veteran', 'Ranger', 'Demolition']);
    out.push(loadout);
    const switchAt = actor.switchAt;
    if (switchAt !== null && switchAt > s.from && switchAt < (s.to ?? Number.POSITIVE_INFINITY)) {
      const leaveUnit = playerEvent('player_change_squad', switchAt - 1000, actor, s, side);
      leaveUnit.old = unit;
      out.push(leaveUnit);
      const sw = playerEvent('player_change_team', switchAt, actor, s, side);
      sw.old = side;
      sw.new = other(side);
      out.push(sw);
      joinUnit(out, units, switchAt + 5000, actor, s, other(side), unitName(actor.squadIndex + 1));
    }
    out.push(playerEvent('player_leave_server', s.to ?? leaveAt, actor, s, null));
  }
  return out;
}
