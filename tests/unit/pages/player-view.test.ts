import { describe, expect, it } from 'vitest';
import { categoryLabel, groupWeapons, percentilesOf, roleLines } from '#lib/server/pages/player-view.ts';

describe('player view shaping', () => {
  it('groups weapons by catalogue category, most kills first, with shares of all kills', () => {
    const groups = groupWeapons({
      'M1 GARAND': { kills: 6, share: 0.6 },
      'MK2 GRENADE': { kills: 2 },
      'M1 CARBINE': { kills: 1 },
      None: { kills: 1 },
      Broken: 'not an object',
      'Zero Gun': { kills: 0 },
    });
    expect(groups.map((g) => [g.category, g.kills, g.share])).toEqual([
      ['Infantry', 7, 0.7],
      ['Grenade', 2, 0.2],
      ['Other', 1, 0.1],
    ]);
    expect(groups[0]!.weapons.map((w) => [w.name, w.kills])).toEqual([
      ['M1 GARAND', 6],
      ['M1 CARBINE', 1],
    ]);
    expect(groups[2]!.weapons[0]!.name).toBe('Unknown');
  });

  it('words categories and leaves none unnamed', () => {
    expect(categoryLabel('machine_gun')).toBe('Machine gun');
    expect(categoryLabel('something_new')).toBe('something new');
    expect(categoryLabel(null)).toBe('Other');
  });

  it('orders roles by minutes and drops malformed ones', () => {
    expect(
      roleLines({
        Medic: { matches: 1, minutes: 30 },
        Rifleman: { matches: 3, minutes: 120.5 },
        Bad: 1,
      }),
    ).toEqual([
      { role: 'Rifleman', matches: 3, minutes: 120.5 },
      { role: 'Medic', matches: 1, minutes: 30 },
    ]);
  });

  it('turns population counts into percentiles, ties counted half and the player not compared with itself', () => {
    const counts = {
      game_type: 'competitive' as const,
      n: 5,
      kpm_below: 4,
      kpm_equal: 1,
      dpm_above: 0,
      dpm_equal: 1,
      spm_below: 1,
      spm_equal: 3,
      cpm_below: 2,
      cpm_equal: 1,
    };
    expect(percentilesOf(counts, true)).toEqual({ population: 5, kpm: 100, dpm: 0, spm: 50, cpm: 50 });
    expect(percentilesOf(counts, false)).toEqual({ population: 5, kpm: 90, dpm: 10, spm: 50, cpm: 50 });
    expect(percentilesOf({ ...counts, n: 1 }, true)).toBeNull();
    expect(percentilesOf(undefined, false)).toBeNull();
  });
});
