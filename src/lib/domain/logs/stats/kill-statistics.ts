import type { KillStatistics, Side, SideKillStatistics } from '#lib/domain/logs/types.ts';
import type { WeaponSlot } from './weapon-slots.ts';

function emptySide(): SideKillStatistics {
  return {
    kills: 0,
    deaths: 0,
    teamkills: 0,
    suicides: 0,
    by_category: {},
    support: { pak: 0, bazooka: 0, satchel: 0, grenade: 0, mine: 0, machine_gun: 0, sniper: 0 },
  };
}

/**
 * Per-side kill totals of a match. A side's `kills` are enemy kills by its players (side = killer's team on the kill
 * line); `deaths` are its players killed by an enemy, killed by a teammate or by suicide; `teamkills` are kills of
 * teammates by its players; `by_category` counts its enemy kills per weapons.json category ('unknown' when the
 * weapon is None or not catalogued) and `support` the pak/bazooka/satchel/grenade/mine/machine_gun/sniper subset.
 */
export function emptyKillStatistics(): KillStatistics {
  return { Allies: emptySide(), Axis: emptySide() };
}

/** Counts an enemy kill with `weapon` (its category resolved once per match, see weapon-slots.ts). */
export function recordKill(stats: KillStatistics, killer: Side | null, victim: Side | null, weapon: WeaponSlot): void {
  if (victim) stats[victim].deaths++;
  if (!killer) return;
  const s = stats[killer];
  s.kills++;
  const category = weapon.category;
  s.by_category[category] = (s.by_category[category] ?? 0) + 1;
  if (weapon.support !== null) s.support[weapon.support]++;
}

export function recordTeamkill(stats: KillStatistics, killer: Side | null, victim: Side | null): void {
  if (killer) stats[killer].teamkills++;
  if (victim) stats[victim].deaths++;
}

export function recordSuicide(stats: KillStatistics, side: Side | null): void {
  if (!side) return;
  stats[side].suicides++;
  stats[side].deaths++;
}
