import { weaponsForFaction } from '#lib/domain/catalogue/weapons.ts';
import { blankEvent } from '#lib/domain/logs/event.ts';
import type { LogEvent, Side } from '#lib/domain/logs/types.ts';
import type { Rng } from './prng.ts';
import type { Actor } from './sim-actors.ts';
import { activeSession, sideAt } from './sim-actors.ts';

export interface KillRates {
  killsPerMinute: number;
  teamkill: number;
  suicide: number;
  noneWeapon: number;
}

const CATEGORY_WEIGHTS: [string, number][] = [
  ['infantry', 60],
  ['machine_gun', 10],
  ['sniper', 4],
  ['grenade', 5],
  ['mine', 3],
  ['satchel', 1.5],
  ['bazooka', 3],
  ['pak', 2],
  ['artillery', 4],
  ['armor', 7],
];

function weaponPicker(rng: Rng, faction: string, noneRate: number): () => string | null {
  const byCategory = weaponsForFaction(faction);
  const categories = CATEGORY_WEIGHTS.filter(([c]) => (byCategory[c]?.length ?? 0) > 0);
  return () => {
    if (rng.chance(noneRate) || categories.length === 0) return null;
    const [category] = rng.weighted(categories, ([, w]) => w);
    return rng.pick(byCategory[category] ?? ['M1 GARAND']);
  };
}

/**
 * Kill, teamkill and suicide events between `from` and `to` (epoch ms). The killing side is chosen by the summed
 * squared strength of its connected players, the killer by squared strength, the victim by inverse strength, so
 * stronger players kill more and die less. Updates each actor's kills/deaths (used for the score lines).
 */
export function simulateKills(
  rng: Rng,
  actors: readonly Actor[],
  factions: Record<Side, string>,
  span: { from: number; to: number; end: number },
  rates: KillRates,
): LogEvent[] {
  const weapon: Record<Side, () => string | null> = {
    Allies: weaponPicker(rng, factions.Allies, rates.noneWeapon),
    Axis: weaponPicker(rng, factions.Axis, rates.noneWeapon),
  };
  const minutes = (span.to - span.from) / 60_000;
  const count = Math.round(rates.killsPerMinute * minutes * (0.85 + rng.next() * 0.3));
  const times: number[] = [];
  for (let i = 0; i < count; i++)
    times.push(span.from + Math.floor(rng.next() * ((span.to - span.from) / 1000)) * 1000);
  times.sort((a, b) => a - b);
  const events: LogEvent[] = [];
  for (const t of times) {
    const active: Record<Side, Actor[]> = { Allies: [], Axis: [] };
    for (const a of actors) if (activeSession(a, t, span.end)) active[sideAt(a, t)].push(a);
    if (active.Allies.length === 0 || active.Axis.length === 0) continue;
    const fill = (e: LogEvent, killer: Actor, victim: Actor | null): void => {
      const ks = activeSession(killer, t, span.end);
      e.player_name = ks?.name ?? killer.player.name;
      e.player_id = killer.player.id;
      e.player_team = sideAt(killer, t);
      e.player_role = ks?.role ?? null;
      if (!victim) return;
      e.player2_name = activeSession(victim, t, span.end)?.name ?? victim.player.name;
      e.player2_id = victim.player.id;
      e.player2_team = sideAt(victim, t);
    };
    const roll = rng.next();
    if (roll < rates.suicide) {
      const side: Side = rng.chance(0.5) ? 'Allies' : 'Axis';
      const who = rng.pick(active[side]);
      const e = blankEvent('player_suicide', t);
      fill(e, who, null);
      who.deaths++;
      events.push(e);
    } else if (roll < rates.suicide + rates.teamkill) {
      const side: Side = rng.chance(0.5) ? 'Allies' : 'Axis';
      if (active[side].length < 2) continue;
      const killer = rng.pick(active[side]);
      const victim = rng.pick(active[side].filter((a) => a !== killer));
      const e = blankEvent('player_teamkill', t);
      fill(e, killer, victim);
      e.weapon = weapon[side]();
      victim.deaths++;
      events.push(e);
    } else {
      const power = (side: Side): number => active[side].reduce((s, a) => s + a.strength ** 2, 0);
      const side: Side = rng.next() * (power('Allies') + power('Axis')) < power('Allies') ? 'Allies' : 'Axis';
      const killer = rng.weighted(active[side], (a) => a.strength ** 2);
      const victim = rng.weighted(active[side === 'Allies' ? 'Axis' : 'Allies'], (a) => 1 / Math.max(0.05, a.strength));
      const e = blankEvent('player_kill', t);
      fill(e, killer, victim);
      e.weapon = weapon[side]();
      killer.kills++;
      victim.deaths++;
      events.push(e);
    }
  }
  return events;
}
