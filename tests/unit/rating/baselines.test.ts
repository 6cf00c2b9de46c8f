import { describe, expect, it } from 'vitest';
import { eloExpected, eloUpdate } from '#lib/domain/rating/elo.ts';
import { BASELINE_MODELS, evaluateModels } from '#lib/domain/rating/evaluate.ts';
import { simulateSeason } from '#lib/domain/rating/season.ts';
import { kendallTauB } from '#lib/domain/rating/kendall.ts';
import { computeMetrics, metricsForWinners } from '#lib/domain/rating/metrics.ts';
import { formatTable } from '#lib/domain/rating/table.ts';
import { smoothedWinRate, winRateProbability } from '#lib/domain/rating/winrate.ts';

describe('Elo', () => {
  it('matches hand-computed expectations and updates', () => {
    expect(eloExpected(1500, 1500)).toBe(0.5);
    // 10^(-400/400) = 0.1, so E = 1 / 1.1.
    expect(eloExpected(1600, 1200)).toBeCloseTo(1 / 1.1, 15);
    expect(eloExpected(1200, 1600)).toBeCloseTo(0.1 / 1.1, 15);
    expect(eloUpdate(1500, 1500, 1, 32)).toEqual([1516, 1484]);
    const [a, b] = eloUpdate(1600, 1200, 0, 20);
    expect(a).toBeCloseTo(1600 - 20 / 1.1, 12);
    expect(b).toBeCloseTo(1200 + 20 / 1.1, 12);
  });
});

describe('win-rate baseline', () => {
  it('smooths with Laplace and compares by log5', () => {
    expect(smoothedWinRate(0, 0)).toBe(0.5);
    expect(smoothedWinRate(3, 4)).toBeCloseTo(4 / 6, 15);
    expect(winRateProbability(0, 0, 0, 0)).toBe(0.5);
    // pa = 4/6, pb = 1/3: pa(1-pb) = 4/9, pb(1-pa) = 1/9 -> 0.8.
    expect(winRateProbability(3, 4, 0, 1)).toBeCloseTo(0.8, 15);
    expect(winRateProbability(0, 1, 3, 4)).toBeCloseTo(0.2, 15);
  });
});

describe('metrics', () => {
  it('computes accuracy, log-loss and Brier by hand', () => {
    const m = computeMetrics([
      { p: 0.8, outcome: 1 },
      { p: 0.6, outcome: 0 },
      { p: 0.5, outcome: 1 },
      { p: 0.1, outcome: 0 },
    ]);
    expect(m.n).toBe(4);
    expect(m.accuracy).toBeCloseTo((1 + 0 + 0.5 + 1) / 4, 15);
    expect(m.logLoss).toBeCloseTo(-(Math.log(0.8) + Math.log(0.4) + Math.log(0.5) + Math.log(0.9)) / 4, 15);
    expect(m.brier).toBeCloseTo((0.04 + 0.36 + 0.25 + 0.01) / 4, 15);
    expect(metricsForWinners([0.8, 0.4])).toEqual(
      computeMetrics([
        { p: 0.8, outcome: 1 },
        { p: 0.6, outcome: 0 },
      ]),
    );
    expect(computeMetrics([{ p: 0, outcome: 1 }]).logLoss).toBeCloseTo(-Math.log(1e-15), 10);
    expect(computeMetrics([]).accuracy).toBeNaN();
  });
});

describe('Kendall tau-b', () => {
  it('is +1 / -1 for identical / reversed orders', () => {
    expect(kendallTauB([1, 2, 3, 4], [10, 20, 30, 40])).toBe(1);
    expect(kendallTauB([1, 2, 3, 4], [4, 3, 2, 1])).toBe(-1);
  });

  it('matches hand-computed values without and with ties', () => {
    // Pairs of [1,2,3,4,5] vs [3,1,2,5,4]: C = 7, D = 3 -> 0.4.
    expect(kendallTauB([1, 2, 3, 4, 5], [3, 1, 2, 5, 4])).toBeCloseTo(0.4, 15);
    // x = [1,1,2,3], y = [1,2,2,3]: C = 4, D = 0, tiesX = 1, tiesY = 1 -> 4 / sqrt(5 * 5) = 0.8.
    expect(kendallTauB([1, 1, 2, 3], [1, 2, 2, 3])).toBeCloseTo(0.8, 15);
    // scipy.stats.kendalltau([12,2,1,12,2],[1,4,7,1,0]) = -0.4714045207910316.
    expect(kendallTauB([12, 2, 1, 12, 2], [1, 4, 7, 1, 0])).toBeCloseTo(-0.4714045207910316, 14);
  });

  it('is null when undefined', () => {
    expect(kendallTauB([1], [2])).toBeNull();
    expect(kendallTauB([1, 1, 1], [1, 2, 3])).toBeNull();
  });
});

describe('evaluateModels', () => {
  const season = simulateSeason({ seed: 5, teams: 20, matches: 600, days: 120, drift: 1 });

  it('scores the newest 30% for every model, tuning only on the older matches; the rating model is best', () => {
    // Shuffled input (oracle kept in step): evaluateModels orders by date itself.
    const order = season.matches.map((_, i) => i).reverse();
    const evaluation = evaluateModels(
      order.map((i) => season.matches[i]!),
      { oracle: order.map((i) => season.oracle[i]!), bootstrap: 200 },
    );
    expect(evaluation.trainSize).toBe(420);
    expect(evaluation.testSize).toBe(180);
    // Without lineups the roster-aware rows (the team model again) are left out.
    expect(evaluation.rows.map((r) => r.model)).toEqual([
      ...BASELINE_MODELS.filter((m) => m !== 'roster' && m !== 'auto'),
      'oracle',
    ]);
    const row = (name: string) => evaluation.rows.find((r) => r.model === name)!;
    for (const r of evaluation.rows) {
      expect(r.n).toBe(180);
      expect(r.accuracy).toBeGreaterThan(0.6);
      expect(r.log_loss).toBeLessThan(Math.log(2));
      expect(r.log_loss_ci[0]).toBeLessThan(r.log_loss);
      expect(r.log_loss_ci[1]).toBeGreaterThan(r.log_loss);
      expect(r.gap).toBeCloseTo(r.log_loss - row('oracle').log_loss, 12);
      expect(r.reliability.reduce((n, b) => n + b.n, 0)).toBe(180);
    }
    expect(row('oracle').gap).toBe(0);
    expect(row('rating').log_loss).toBeLessThan(row('trueskill').log_loss);
    expect(row('rating').log_loss).toBeLessThan(row('elo').log_loss);
    expect(row('rating').calibration_slope).toBeGreaterThan(0.7);
    expect(row('rating').calibration_slope).toBeLessThan(1.4);
    expect(row('elo').tuned).toMatch(/^k \d+\.\d$/);
    expect(row('trueskill_tau').tuned).toMatch(/^tau \d\.\d{3}$/);
  });

  it('scores a chosen subset and rejects a bad test fraction', () => {
    expect(evaluateModels(season.matches, { testFraction: 0.1, models: ['elo'] }).rows).toHaveLength(1);
    expect(() => evaluateModels(season.matches, { testFraction: 0 })).toThrow(RangeError);
    expect(() => evaluateModels(season.matches, { models: ['oracle'] })).toThrow(RangeError);
  });
});

describe('formatTable', () => {
  it('aligns text left and numbers right', () => {
    const text = formatTable(
      [
        { model: 'trueskill', n: 900, brier: 0.21234 },
        { model: 'elo', n: 12, brier: null },
      ],
      { digits: 3 },
    );
    expect(text).toBe(
      ['model        n  brier', '---------  ---  -----', 'trueskill  900  0.212', 'elo         12      -'].join('\n'),
    );
    expect(formatTable([])).toBe('');
  });
});
