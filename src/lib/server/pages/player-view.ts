/**
 * Pure shaping of a player's stored skill rows for the player and compare pages: weapons grouped by category,
 * roles by minutes, and percentiles from the database's counts.
 */
import { weaponCategory } from '#lib/domain/catalogue/weapons.ts';
import type { RoleLine, StatPercentiles, WeaponCategory } from '#lib/schemas/player-page.ts';
import type { PercentileCounts } from '#lib/server/repositories/read/player-pages.ts';

const CATEGORY_LABELS: Record<string, string> = {
  infantry: 'Infantry',
  bazooka: 'Rocket launcher',
  grenade: 'Grenade',
  machine_gun: 'Machine gun',
  sniper: 'Sniper',
  mine: 'Mine',
  pak: 'Anti-tank gun',
  satchel: 'Satchel',
  artillery: 'Artillery',
  armor: 'Armor',
  commander: 'Commander',
  self_propelled_artillery: 'Self-propelled artillery',
};

/** The words for a weapon category of the catalogue; uncatalogued weapons are 'Other'. */
export function categoryLabel(category: string | null): string {
  return category === null ? 'Other' : (CATEGORY_LABELS[category] ?? category.replace(/_/g, ' '));
}

function numberOf(value: unknown, key: string): number {
  if (typeof value !== 'object' || value === null) return 0;
  const n = (value as Record<string, unknown>)[key];
  return typeof n === 'number' && Number.isFinite(n) ? n : 0;
}

/**
 * weapon_stats ({weapon: {kills, share}}) grouped by catalogue category: categories by kills (then name), weapons
 * within by kills (then name). Shares are recomputed from the kills so that they add up to 1 per player.
 */
export function groupWeapons(weaponStats: Record<string, unknown>): WeaponCategory[] {
  const total = Object.values(weaponStats).reduce<number>((sum, w) => sum + numberOf(w, 'kills'), 0);
  const share = (kills: number) => (total > 0 ? kills / total : 0);
  const groups = new Map<string, WeaponCategory>();
  for (const [name, stat] of Object.entries(weaponStats)) {
    const kills = numberOf(stat, 'kills');
    if (kills <= 0) continue;
    const label = categoryLabel(weaponCategory(name));
    const group = groups.get(label) ?? { category: label, kills: 0, share: 0, weapons: [] };
    group.kills += kills;
    group.weapons.push({ name: name === 'None' ? 'Unknown' : name, kills, share: share(kills) });
    groups.set(label, group);
  }
  const byKills =
    <T extends { kills: number }>(key: (x: T) => string) =>
    (a: T, b: T) =>
      b.kills - a.kills || key(a).localeCompare(key(b));
  return [...groups.values()]
    .map((g) => ({ ...g, share: share(g.kills), weapons: g.weapons.sort(byKills((w) => w.name)) }))
    .sort(byKills((g) => g.category));
}

/** role_stats ({role: {matches, minutes}}) as lines, most minutes first. */
export function roleLines(roleStats: Record<string, unknown>): RoleLine[] {
  return Object.entries(roleStats)
    .map(([role, stat]) => ({ role, matches: numberOf(stat, 'matches'), minutes: numberOf(stat, 'minutes') }))
    .filter((r) => r.matches > 0)
    .sort((a, b) => b.minutes - a.minutes || b.matches - a.matches || a.role.localeCompare(b.role));
}

/**
 * Percentiles (0..100, ties counted half) from the population counts; null when nobody qualifies. With the player
 * in the population, the player's own tie with themselves is left out so a lone player is not 'better than half'.
 */
export function percentilesOf(
  counts: PercentileCounts | undefined,
  playerInPopulation: boolean,
): StatPercentiles | null {
  if (!counts) return null;
  const self = playerInPopulation ? 1 : 0;
  const others = counts.n - self;
  if (others <= 0) return null;
  const p = (better: number, equal: number) =>
    Math.min(100, Math.max(0, (100 * (better + (equal - self) / 2)) / others));
  return {
    population: counts.n,
    kpm: p(counts.kpm_below, counts.kpm_equal),
    dpm: p(counts.dpm_above, counts.dpm_equal),
    spm: p(counts.spm_below, counts.spm_equal),
    cpm: p(counts.cpm_below, counts.cpm_equal),
  };
}
