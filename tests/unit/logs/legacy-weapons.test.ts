import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import catalogue from '#lib/domain/catalogue/weapons.json' with { type: 'json' };
import { weaponCategory } from '#lib/domain/catalogue/weapons.ts';
import { parseMatch } from '#lib/domain/logs/index.ts';
import { uncategorisedWeapons } from '#cli/commands/logs.ts';

const example = readFileSync(new URL('../../fixtures/hll/hlu-example-logs.csv', import.meta.url), 'utf8');

describe('weapon names of real logs, old and new', () => {
  it.each([
    ['Garand', 'infantry'],
    ['Kar98', 'infantry'],
    ['M1918A2_BAR', 'infantry'],
    ['MK2_Grenade', 'grenade'],
    ['Thompson', 'infantry'],
    ['SMine', 'mine'],
    ['Sherman M4A1', 'armor'],
    ['75MM CANNON [Sherman M4A1]', 'armor'],
    ['COAXIAL M1919 [Sherman M4A1(76)W]', 'armor'],
    ['HULL M1919 [Sherman M4A1]', 'armor'],
    ['Kar98_Sniper', 'sniper'],
    ['M24_Stielhandgranate', 'grenade'],
    ['Teller', 'mine'],
    ['M1A1_AT_Mine', 'mine'],
    ['Luger', 'infantry'],
    ['Springfield', 'sniper'],
  ])('%s is %s', (name, category) => {
    expect(weaponCategory(name)).toBe(category);
  });

  it('keeps every name of the catalogue in its own category', () => {
    for (const [name, weapon] of Object.entries(catalogue.weapons))
      expect(weaponCategory(name), name).toBe(weapon.category);
  });

  it('leaves a name it cannot place unknown, counted by name and listed', () => {
    expect(weaponCategory('Flux Capacitor')).toBeNull();
    const legacy = example
      .replaceAll('"M1 GARAND"', '"Garand"')
      .replaceAll('"MK2 GRENADE"', '"MK2_Grenade"')
      .replaceAll('"TELLERMINE 43"', '"Flux Capacitor"');
    const match = parseMatch(legacy);
    expect(match.players['76561198000000001']?.weapons).toEqual({ Garand: 2 });
    expect(uncategorisedWeapons(match.players)).toEqual({ 'Flux Capacitor': 1 });
    expect(uncategorisedWeapons(parseMatch(example).players)).toEqual({});
  });
});
