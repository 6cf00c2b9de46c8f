import { weaponCategory } from '#lib/domain/catalogue/weapons.ts';
import type { SupportBreakdown } from '#lib/domain/logs/types.ts';

/** One distinct weapon name of a match with its category, resolved once per match instead of once per kill. */
export interface WeaponSlot {
  /** Position in the match's weapon list; players count their kills per weapon by it. */
  index: number;
  /** The weapon as logged, 'None' for a kill line without a weapon. */
  name: string;
  /** weapons.json category, 'unknown' for None / uncatalogued names. */
  category: string;
  /** The support-breakdown key of the category, or null when it is not a support category. */
  support: keyof SupportBreakdown | null;
}

const SUPPORT_KEYS: ReadonlySet<string> = new Set([
  'pak',
  'bazooka',
  'satchel',
  'grenade',
  'mine',
  'machine_gun',
  'sniper',
]);

/** The weapons seen in one match: name -> slot, and the slots by index. */
export interface WeaponSlots {
  byName: Map<string, WeaponSlot>;
  list: WeaponSlot[];
}

export function newWeaponSlots(): WeaponSlots {
  return { byName: new Map(), list: [] };
}

/** The slot of `weapon` (null = 'None'), created on first use. */
export function weaponSlot(slots: WeaponSlots, weapon: string | null): WeaponSlot {
  const name = weapon ?? 'None';
  let slot = slots.byName.get(name);
  if (slot === undefined) {
    const category = weaponCategory(weapon) ?? 'unknown';
    slot = {
      index: slots.list.length,
      name,
      category,
      support: SUPPORT_KEYS.has(category) ? (category as keyof SupportBreakdown) : null,
    };
    slots.byName.set(name, slot);
    slots.list.push(slot);
  }
  return slot;
}
