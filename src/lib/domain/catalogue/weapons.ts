import { dictionary } from '#lib/own.ts';
import catalogue from './weapons.json' with { type: 'json' };
import { LEGACY_WEAPON_NAMES } from './weapon-aliases.ts';

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

/** A name without case, spaces, `_`, `-`, `.` or dashes: `M1918A2_BAR` and `M1918A2 BAR` meet, `SMine` and `S-MINE`. */
function squeezed(name: string): string {
  return name.toLowerCase().replace(/[\s_.\-–]+/g, '');
}

function buildSqueezedIndex(): Map<string, string> {
  const index = new Map<string, string>();
  for (const name of [...Object.keys(crcon), ...Object.keys(hllrcon)]) {
    const key = squeezed(name);
    if (!index.has(key)) index.set(key, name);
  }
  for (const [legacy, name] of Object.entries(LEGACY_WEAPON_NAMES)) {
    const key = squeezed(legacy);
    if (!index.has(key)) index.set(key, name);
  }
  return index;
}

const SQUEEZED = buildSqueezedIndex();

/**
 * Vehicle families (a word of four letters or more in a vehicle's name: Sherman, Churchill, Tiger, Panzer...) -> the
 * category most of the catalogue's weapons mounted on them have; so that a variant
 * the catalogue lacks (`Sherman M4A1`, `75MM CANNON [Sherman M4A1]`) is still armour (or artillery, an AT gun...).
 */
function buildVehicleFamilies(): Map<string, string> {
  const seen = new Map<string, Map<string, number>>();
  for (const [name, weapon] of Object.entries(crcon)) {
    const vehicle = /\[(.+)\]$/.exec(name)?.[1];
    for (const family of vehicle === undefined ? [] : familiesOf(vehicle)) {
      let categories = seen.get(family);
      if (!categories) seen.set(family, (categories = new Map()));
      categories.set(weapon.category, (categories.get(weapon.category) ?? 0) + 1);
    }
  }
  const families = new Map<string, string>();
  for (const [family, categories] of seen) {
    const [most] = [...categories].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    if (most) families.set(family, most[0]);
  }
  return families;
}

function familiesOf(vehicle: string): string[] {
  return vehicle
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => /^[a-z][a-z-]{3,}$/.test(word));
}

const VEHICLE_FAMILIES = buildVehicleFamilies();

function canonical(name: string): string | null {
  if (name in crcon || name in hllrcon) return name;
  return LOWER.get(name.trim().toLowerCase()) ?? SQUEEZED.get(squeezed(name)) ?? null;
}

/** The category of a weapon on a vehicle, or of the vehicle itself, by its family; null when the family is unknown. */
function vehicleCategory(name: string): string | null {
  const mounted = /\[(.+)\]$/.exec(name.trim())?.[1];
  for (const family of familiesOf(mounted ?? name)) {
    const category = VEHICLE_FAMILIES.get(family);
    if (category !== undefined) return category;
  }
  return null;
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
  if (!key) return vehicleCategory(name);
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
