import { describe, expect, it } from 'vitest';
import { resolveLayer, resolveMap } from '#lib/domain/catalogue/maps.ts';
import { weaponCategory, weaponSide, weaponsForFaction } from '#lib/domain/catalogue/weapons.ts';

describe('resolveMap', () => {
  it.each([
    ['CARENTAN WARFARE', 'carentan'],
    ['carentan_warfare', 'carentan'],
    ['PHL_L_1944_Warfare', 'purpleheartlane'],
    ['PHL', 'purpleheartlane'],
    ['SME', 'stmereeglise'],
    ['SAINTE-MÈRE-ÉGLISE WARFARE', 'stmereeglise'],
    ['SMDM', 'stmariedumont'],
    ['ST MARIE DU MONT NIGHT WARFARE', 'stmariedumont'],
    ['Hill 400', 'hill400'],
    ['HÜRTGEN FOREST OFFENSIVE', 'hurtgenforest'],
    ['Elsenborn Ridge', 'elsenbornridge'],
    ['St. Mere Eglise Warfare (Night)', 'stmereeglise'],
  ])('%s -> %s', (name, id) => {
    expect(resolveMap(name)?.id).toBe(id);
  });

  it('returns display name, tag, orientation and image', () => {
    expect(resolveMap('SMDM')).toEqual({
      id: 'stmariedumont',
      name: 'St. Marie Du Mont',
      tag: 'SMDM',
      orientation: 'vertical',
      image: 'stmariedumont-day.webp',
    });
  });

  it('reads mode, environment and attackers from RCON strings and layer ids', () => {
    expect(resolveLayer('SAINTE-MÈRE-ÉGLISE NIGHT US OFFENSIVE')).toMatchObject({
      gamemode: 'offensive',
      environment: 'night',
      attackers: 'allies',
    });
    expect(resolveLayer('stmariedumont_off_ger')).toMatchObject({ gamemode: 'offensive', attackers: 'axis' });
    expect(resolveLayer('SMDM_S_1944_Night_P_Skirmish')).toMatchObject({ gamemode: 'skirmish', environment: 'night' });
  });

  it('returns null for unknown names', () => {
    expect(resolveMap('Atlantis Warfare')).toBeNull();
    expect(resolveMap('')).toBeNull();
  });
});

describe('weapons', () => {
  it('categorises kill-log weapon names', () => {
    expect(weaponCategory('M1 GARAND')).toBe('infantry');
    expect(weaponCategory('MG42')).toBe('machine_gun');
    expect(weaponCategory('TELLERMINE 43')).toBe('mine');
    expect(weaponCategory('mk2 grenade')).toBe('grenade');
    expect(weaponCategory('PANZERSCHRECK')).toBe('bazooka');
    expect(weaponCategory('KARABINER 98K x8')).toBe('sniper');
    expect(weaponCategory('None')).toBeNull();
    expect(weaponCategory(null)).toBeNull();
    expect(weaponCategory('Death Ray 3000')).toBeNull();
  });

  it('knows weapon sides and faction arsenals', () => {
    expect(weaponSide('MP40')).toBe('axis');
    expect(weaponSide('M1 GARAND')).toBe('allies');
    const ger = weaponsForFaction('ger');
    expect(ger['infantry']).toContain('KARABINER 98K');
    expect(ger['infantry']).not.toContain('M1 GARAND');
    expect(weaponsForFaction('rus')['infantry']).toContain('PPSH 41');
  });
});
