import { describe, expect, it } from 'vitest';
import { aggregatePlayer } from '#lib/domain/skill/aggregate.ts';
import { matchPercentiles, midRankPercentiles } from '#lib/domain/skill/percentiles.ts';
import { computePlayerSkills, computeSkillVectors, PlayersByGameType } from '#lib/domain/skill/population.ts';
import type { PlayerAggregate, PlayerMatchRow, StatVector } from '#lib/domain/skill/types.ts';

const rows: PlayerMatchRow[] = [
  { playtime: 60, kpm: 1, dpm: 0.5, spm: 2, cpm: 3, weapons: { M1: 10, MP40: 5 }, roles: ['rifleman'] },
  { playtime: 30, kpm: 2, dpm: 1, spm: 0, cpm: 6, weapons: { M1: 5 }, roles: ['rifleman', 'medic'] },
  { playtime: 90, kpm: 0.5, dpm: 0.5, spm: 4, cpm: 0, weapons: {}, roles: ['support'] },
];

function expectStats(got: StatVector | null, want: StatVector, digits = 14): void {
  expect(got).not.toBeNull();
  for (const k of ['kpm', 'dpm', 'spm', 'cpm'] as const) expect(got![k]).toBeCloseTo(want[k], digits);
}

describe('aggregatePlayer', () => {
  it('computes playtime-weighted means and standard deviations by hand', () => {
    const a = aggregatePlayer(rows);
    expect(a.matches).toBe(3);
    expect(a.playtime).toBe(180);
    // kpm: (60*1 + 30*2 + 90*0.5) / 180 = 165/180, etc.
    expectStats(a.x_bar, { kpm: 165 / 180, dpm: 105 / 180, spm: 480 / 180, cpm: 360 / 180 });
    // V1 = 180, V2 = 12600, V1 - V2/V1 = 110; weighted squared deviations 51.25, 6.25, 400, 900.
    expectStats(a.s, {
      kpm: Math.sqrt(51.25 / 110),
      dpm: Math.sqrt(6.25 / 110),
      spm: Math.sqrt(400 / 110),
      cpm: Math.sqrt(900 / 110),
    });
    expect(a.weapon_stats).toEqual({ M1: { kills: 15, share: 0.75 }, MP40: { kills: 5, share: 0.25 } });
    expect(a.role_stats).toEqual({
      rifleman: { matches: 2, minutes: 75 },
      medic: { matches: 1, minutes: 15 },
      support: { matches: 1, minutes: 90 },
    });
  });

  it('reduces to the sample standard deviation for equal playtimes', () => {
    const equal = [1, 2, 3].map((kpm) => ({ ...rows[0]!, playtime: 40, kpm }));
    expect(aggregatePlayer(equal).s!.kpm).toBeCloseTo(1, 15);
  });

  it('keeps weapons and roles named like members of every object as plain entries', () => {
    // As stored lines come back from the database: JSON.parse makes '__proto__' an own key.
    const weapons = JSON.parse('{"__proto__": 2, "constructor": 1}') as Record<string, number>;
    const hostile = { ...rows[0]!, weapons, roles: ['toString', '__proto__', 'toString'] };
    const a = aggregatePlayer([hostile, hostile]);
    expect(Object.entries(a.weapon_stats)).toEqual([
      ['__proto__', { kills: 4, share: 4 / 6 }],
      ['constructor', { kills: 2, share: 2 / 6 }],
    ]);
    expect(Object.entries(a.role_stats)).toEqual([
      ['toString', { matches: 2, minutes: 60 }],
      ['__proto__', { matches: 2, minutes: 60 }],
    ]);
  });

  it('leaves s null under two matches and x_bar null without playtime', () => {
    const one = aggregatePlayer([rows[0]!]);
    expectStats(one.x_bar, { kpm: 1, dpm: 0.5, spm: 2, cpm: 3 });
    expect(one.s).toBeNull();
    expect(aggregatePlayer([{ ...rows[0]!, playtime: 0 }]).x_bar).toBeNull();
    expect(aggregatePlayer([]).matches).toBe(0);
  });
});

describe('computeSkillVectors', () => {
  const agg = (x: StatVector, matches: number): PlayerAggregate => ({
    matches,
    playtime: 100,
    x_bar: x,
    s: null,
    weapon_stats: {},
    role_stats: {},
  });

  it('z-scores against players with at least 3 matches, deaths inverted, sd 0 -> 0', () => {
    const skills = computeSkillVectors(
      new Map([
        ['A', agg({ kpm: 1, dpm: 1, spm: 1, cpm: 1 }, 3)],
        ['B', agg({ kpm: 3, dpm: 3, spm: 1, cpm: 2 }, 5)],
        ['C', agg({ kpm: 2, dpm: 2, spm: 7, cpm: 3 }, 1)],
      ]),
    );
    // Population A, B: kpm mean 2 sd 1; dpm mean 2 sd 1; spm sd 0; cpm mean 1.5 sd 0.5.
    expect(skills.get('A')!.skill).toEqual({ kpm: -1, dpm: 1, spm: 0, cpm: -1 });
    expect(skills.get('B')!.skill).toEqual({ kpm: 1, dpm: -1, spm: 0, cpm: 1 });
    expect(skills.get('C')!.skill).toEqual({ kpm: 0, dpm: 0, spm: 0, cpm: 3 });
    expect(skills.get('C')!.in_population).toBe(false);
    expect(skills.get('A')!.in_population).toBe(true);
  });

  it('has no skill without a population', () => {
    const skills = computeSkillVectors(new Map([['A', agg({ kpm: 1, dpm: 1, spm: 1, cpm: 1 }, 2)]]));
    expect(skills.get('A')!.skill).toBeNull();
  });

  it('keeps game types apart', () => {
    const line = (player: string, gameType: 'competitive' | 'friendly', kpm: number) => ({
      ...rows[0]!,
      player,
      gameType,
      kpm,
    });
    const all = computePlayerSkills([
      ...[1, 1, 1].map(() => line('p', 'competitive', 1)),
      ...[1, 1, 1].map(() => line('q', 'competitive', 3)),
      ...[1, 1, 1].map(() => line('p', 'friendly', 100)),
    ]);
    expect(all.get('competitive')!.get('p')!.skill!.kpm).toBeCloseTo(-1, 14);
    expect(all.get('competitive')!.get('q')!.skill!.kpm).toBeCloseTo(1, 14);
    expect(all.get('friendly')!.get('p')!.skill!.kpm).toBe(0);
    expect(all.get('friendly')!.has('q')).toBe(false);
  });

  it('works out the same scores a slice of players at a time, pausing after each slice', () => {
    const players = new PlayersByGameType<string>();
    // 7 competitive players (one without playtime) and 2 friendly ones, 1 to 4 lines each.
    for (let p = 0; p < 9; p++) {
      const gameType = p < 7 ? 'competitive' : 'friendly';
      for (let line = 0; line <= p % 4; line++)
        players.add(gameType, `p${p}`, {
          ...rows[line % 3]!,
          playtime: p === 3 ? 0 : 10 + p * line,
          kpm: p / (line + 1),
        });
    }
    const whole = players.skills();
    expect(whole.get('competitive')!.get('p6')!.skill).not.toBeNull();
    for (const slice of [1, 2, 3, 9]) {
      const steps = players.skillsInSlices(undefined, slice);
      let pauses = 0;
      let step = steps.next();
      while (!step.done) {
        pauses++;
        step = steps.next();
      }
      expect(step.value).toEqual(whole);
      // Each game type pauses after every full slice of players aggregated, then again of players scored.
      expect(pauses).toBe(2 * (Math.floor(7 / slice) + Math.floor(2 / slice)));
    }
  });
});

describe('match percentiles', () => {
  it('mid-ranks ties on a 0..100 scale', () => {
    expect(midRankPercentiles([1, 2, 2, 3])).toEqual([0, 50, 50, 100]);
    expect(midRankPercentiles([3, 1, 2])).toEqual([100, 0, 50]);
    expect(midRankPercentiles([5])).toEqual([50]);
    expect(midRankPercentiles([4, 4])).toEqual([50, 50]);
  });

  it('ranks the within-match performance by side and overall', () => {
    const base = { spm: 5, cpm: 1 };
    const result = matchPercentiles([
      { player: 1, side: 'allies', kpm: 2, dpm: 0, ...base },
      { player: 2, side: 'allies', kpm: 0, dpm: 2, ...base },
      { player: 3, side: 'axis', kpm: 1, dpm: 1, ...base },
      { player: 4, side: 'axis', kpm: 1, dpm: 1, ...base },
    ]);
    // kpm and dpm: mean 1, sd sqrt(1/2); spm, cpm: sd 0. Player 1: (sqrt2 + sqrt2 + 0 + 0) / 4.
    expect(result.map((r) => r.performance)).toEqual(
      [Math.SQRT2 / 2, -Math.SQRT2 / 2, 0, 0].map((x) => expect.closeTo(x, 14)),
    );
    expect(result.map((r) => r.all_percentile)).toEqual([100, 0, 50, 50]);
    expect(result.map((r) => r.side_percentile)).toEqual([100, 0, 50, 50]);
    expect(matchPercentiles([])).toEqual([]);
  });
});

describe('match percentiles whatever the order of the lines', () => {
  it('gives every player the same performance and percentiles however the players are ordered', () => {
    // Rates with many significant digits, whose sums round differently in different orders.
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const players = Array.from({ length: 40 }, (_, i) => ({
      player: `7656119${String(1000 + ((i * 37) % 40))}`,
      side: i % 3 === 0 ? 'none' : i % 2 === 0 ? 'allies' : 'axis',
      kpm: next() * 3,
      dpm: next() * 2,
      spm: next() * 40,
      cpm: next() * 20,
    }));
    const byPlayer = (list: typeof players) =>
      new Map(matchPercentiles(list).map((r) => [r.player, [r.performance, r.side_percentile, r.all_percentile]]));
    const asGiven = byPlayer(players);
    for (const order of [[...players].reverse(), [...players].sort((a, b) => a.kpm - b.kpm)]) {
      const reordered = byPlayer(order);
      // Exactly equal, not close: a stored line's percentiles must equal the ones a report computed.
      for (const [player, numbers] of asGiven) expect(reordered.get(player)).toEqual(numbers);
    }
  });
});
