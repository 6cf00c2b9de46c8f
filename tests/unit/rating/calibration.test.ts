import { describe, expect, it } from 'vitest';
import {
  KIND,
  bootstrapInterval,
  calibrationSlope,
  compileMatches,
  eloForecasts,
  fitHeloScale,
  heloLeads,
  heloProbabilities,
  reliabilityBins,
  sectorShare,
  simulateSeason,
  tuneEloK,
} from '#lib/domain/rating/index.ts';

const repeat = (p: number, n: number): number[] => Array.from({ length: n }, () => p);

describe('calibration', () => {
  it('finds slope 1 for calibrated forecasts and logit(0.7) / logit(0.9) for overconfident ones', () => {
    // Winner probabilities: 0.7 for 700 favourites that won and 0.3 for 300 that lost is calibrated.
    expect(calibrationSlope([...repeat(0.7, 700), ...repeat(0.3, 300)])).toBeCloseTo(1, 10);
    const logit = (p: number): number => Math.log(p / (1 - p));
    expect(calibrationSlope([...repeat(0.9, 700), ...repeat(0.1, 300)])).toBeCloseTo(logit(0.7) / logit(0.9), 10);
    expect(calibrationSlope(repeat(0.5, 10))).toBeNaN();
    expect(calibrationSlope(repeat(0.8, 10))).toBe(Number.POSITIVE_INFINITY);
  });

  it('groups forecasts into deciles from the favourite side', () => {
    const bins = reliabilityBins([0.9, 0.2, 0.6, 0.5, 0.4], 2);
    // Favourite forecasts 0.9 (won), 0.8 (lost), 0.6 (won), 0.5 (half), 0.6 (lost), sorted: .5 .6 .6 | .8 .9.
    expect(bins).toEqual([
      { n: 2, predicted: 0.55, observed: 0.75 },
      { n: 3, predicted: (0.6 + 0.8 + 0.9) / 3, observed: 1 / 3 },
    ]);
    expect(reliabilityBins(repeat(0.7, 100))).toHaveLength(10);
    expect(reliabilityBins([])).toEqual([]);
  });
});

describe('bootstrap', () => {
  it('gives a deterministic interval around the mean that narrows with more data', () => {
    const values = Array.from({ length: 400 }, (_, i) => (i % 10) / 10);
    const [lo, hi] = bootstrapInterval(values);
    expect(lo).toBeLessThan(0.45);
    expect(hi).toBeGreaterThan(0.45);
    expect(bootstrapInterval(values)).toEqual([lo, hi]);
    const [lo4, hi4] = bootstrapInterval([...values, ...values, ...values, ...values]);
    expect(hi4 - lo4).toBeLessThan((hi - lo) * 0.7);
    expect(bootstrapInterval(repeat(2, 5))).toEqual([2, 2]);
    expect(bootstrapInterval([])).toEqual([Number.NaN, Number.NaN]);
  });
});

describe('baselines', () => {
  const season = simulateSeason({ seed: 2, teams: 16, matches: 400, days: 90, drift: 1 });
  const c = compileMatches(season.matches);
  const logLik = (p: Float64Array, to: number): number => {
    let s = 0;
    for (let i = 0; i < to; i++) s += Math.log(p[i]!);
    return s;
  };

  it('tunes the Elo factor on the training matches', () => {
    const k = tuneEloK(c, 280);
    expect(k).toBeGreaterThan(1);
    expect(k).toBeLessThan(400);
    const tuned = logLik(eloForecasts(c, k), 280);
    for (const other of [k / 2, k * 2]) expect(logLik(eloForecasts(c, other), 280)).toBeLessThan(tuned);
  });

  it('rates HeLO on sector shares with k 40 and rescales it on the training matches', () => {
    expect([KIND.r32, KIND.r41, KIND.r50, KIND.win, KIND.draw].map(sectorShare)).toEqual([0.6, 0.8, 1, 1, 0.5]);
    const two = compileMatches([
      { id: 1, winner: 'a', loser: 'b', result: '4-1', date: '2026-01-01' },
      { id: 2, winner: 'b', loser: 'a', result: '3-2', date: '2026-01-02' },
    ]);
    // Match 1: equal, a gains 40 (0.8 - 0.5) = 12. Match 2: b trails by 24.
    expect([...heloLeads(two)]).toEqual([0, -24]);
    const leads = heloLeads(c);
    const a = fitHeloScale(leads, 280);
    expect(a).toBeGreaterThan(0);
    const tuned = logLik(heloProbabilities(leads, a), 280);
    for (const other of [a / 2, a * 2]) expect(logLik(heloProbabilities(leads, other), 280)).toBeLessThan(tuned);
  });
});
