import { dictionary } from '#lib/own.ts';
import catalogue from './weapons.json' with { type: 'json' };

export type WeaponSide = 'allies' | 'axis';

interface CrconWeapon {
  category: string;
  nations?: string[] | null;
  side: string | null;
}

interface HllrconWeapon {
  name: string;
  type: string;
  factions: string[];
  side: string | null;
  category: string | null;
}

const crcon = catalogue.weapons as Record<string, CrconWeapon>;
const hllrcon = catalogue.hllrcon_weapons as Record<string, HllrconWeapon>;

// hllrcon classifies by weapon type only; map the types CRCON has categories for.
const TYPE_CATEGORY: Record<string, string> = {
  'Anti-Tank Gun': 'pak',
  'Rocket Launcher': 'bazooka',
  Satchel: 'satchel',
  Grenade: 'grenade',
  'Anti-Tank Mine': 'mine',
  'Anti-Personnel Mine': 'mine',
  'Machine Gun': 'machine_gun',
  Artillery: 'artillery',
  'Tank Cannon': 'armor',
  'Tank Coaxial MG': 'armor',
  'Tank Hull MG': 'armor',
  'Mounted MG': 'armor',
  Roadkill: 'armor',
  'Commander Ability': 'commander',
};

function buildLowerIndex(): Map<string, string> {
  const index = new Map<string, string>();
  for (const name of [...Object.keys(crcon), ...Object.keys(hllrcon)]) {
    const key = name.toLowerCase();
    if (!index.has(key)) index.set(key, name);
  }
  return index;
}

const LOWER = buildLowerIndex();

function canonical(name: string): string | null {
  if (name in crcon || name in hllrcon) return name;
  return LOWER.get(name.trim().toLowerCase()) ?? null;
}

/**
 * Category of a kill-log weapon name: one of weapons.json `categories` (infantry, bazooka, grenade, machine_gun,
 * sniper, mine, pak, satchel, artillery, armor, commander, self_propelled_artillery), or null for `None` /
 * uncatalogued names. CRCON's table wins; hllrcon's weapon type is the fallback; matching ignores case.
 */
export function weaponCategory(name: string | null): string | null {
  if (!name || name === 'None') return null;
  const cached = CATEGORY_CACHE.get(name);
  if (cached !== undefined) return cached;
  const category = lookupCategory(name);
  // Kill logs repeat a few dozen weapon names thousands of times; unknown names are not cached to bound memory.
  if (category !== null) CATEGORY_CACHE.set(name, category);
  return category;
}

const CATEGORY_CACHE = new Map<string, string>();

function lookupCategory(name: string): string | null {
  const key = canonical(name);
  if (!key) return null;
  const c = crcon[key];
  if (c) return c.category;
  const h = hllrcon[key];
  if (!h) return null;
  if (h.category) return h.category;
  return TYPE_CATEGORY[h.type] ?? 'infantry';
}

/** Side a weapon belongs to, or null when shared / unknown. */
export function weaponSide(name: string | null): WeaponSide | null {
  if (!name) return null;
  const key = canonical(name);
  const side = key ? (crcon[key]?.side ?? hllrcon[key]?.side ?? null) : null;
  return side === 'allies' || side === 'axis' ? side : null;
}

/**
 * Kill-log weapon names usable by a faction (maps.json faction codes: us, ger, rus, cw, b8a, dak, can), grouped by
 * category, from CRCON's nation lists. Used by the log simulator.
 */
export function weaponsForFaction(faction: string): Record<string, string[]> {
  const nation = NATION_OF[faction] ?? 'US';
  const out = dictionary<string[]>();
  for (const [name, w] of Object.entries(crcon)) {
    if (!w.nations?.includes(nation)) continue;
    (out[w.category] ??= []).push(name);
  }
  return out;
}

const NATION_OF: Record<string, string> = {
  us: 'US',
  ger: 'GER',
  dak: 'GER',
  rus: 'SOV',
  cw: 'GB',
  b8a: 'GB',
  can: 'CAN',
};
