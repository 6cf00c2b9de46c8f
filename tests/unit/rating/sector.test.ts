import { describe, expect, it } from 'vitest';
import { DEFAULT_ENV, createEnv } from '#lib/domain/rating/env.ts';
import { compileMatches, runModel } from '#lib/domain/rating/engine.ts';
import { fitModel } from '#lib/domain/rating/model-fit.ts';
import { cdf } from '#lib/domain/rating/gaussian.ts';
import { rateSector, sectorResultProbability } from '#lib/domain/rating/sector-score.ts';
import { rate1vs1 } from '#lib/domain/rating/trueskill.ts';
import { simulateMatches } from './simulate.ts';

const a = { mu: 28, sigma: 4 };
const b = { mu: 24, sigma: 6 };
const thresholds = { t1: 2, t2: 5 };

function expectSame(x: { mu: number; sigma: number }, y: { mu: number; sigma: number }): void {
  expect(Math.abs(x.mu - y.mu)).toBeLessThanOrEqual(1e-12);
  expect(Math.abs(x.sigma - y.sigma)).toBeLessThanOrEqual(1e-12);
}

describe('sector score', () => {
  it('reduces to the TrueSkill win update when the bands collapse (t1 = t2 = 0, 5-0)', () => {
    for (const [x, y] of [
      [a, b],
      [b, a],
      [
        { mu: -300, sigma: 3 },
        { mu: -40, sigma: 2 },
      ],
    ] as const) {
      const [w, l] = rateSector(x, y, '5-0', { t1: 0, t2: 0 });
      const [tw, tl] = rate1vs1(x, y, false, DEFAULT_ENV);
      expectSame(w, tw);
      expectSame(l, tl);
    }
  });

  it('reduces to the win update for the other degenerate bands and for unknown results', () => {
    const [tw, tl] = rate1vs1(a, b);
    const [w32, l32] = rateSector(a, b, '3-2', { t1: Number.POSITIVE_INFINITY, t2: Number.POSITIVE_INFINITY });
    expectSame(w32, tw);
    expectSame(l32, tl);
    const [w41, l41] = rateSector(a, b, '4-1', { t1: 0, t2: Number.POSITIVE_INFINITY });
    expectSame(w41, tw);
    expectSame(l41, tl);
    const [wf, lf] = rateSector(a, b, 'forfeit', thresholds);
    expectSame(wf, tw);
    expectSame(lf, tl);
  });

  it('rewards a 5-0 more than a 4-1 more than a 3-2', () => {
    const gain = (result: string): number => rateSector(a, b, result, thresholds)[0].mu - a.mu;
    expect(gain('5-0')).toBeGreaterThan(gain('4-1'));
    expect(gain('4-1')).toBeGreaterThan(gain('3-2'));
    expect(gain('3-2')).toBeGreaterThan(-1);
    // A narrow 3-2 by the clear favourite is evidence it is less dominant than thought.
    expect(rateSector({ mu: 40, sigma: 4 }, { mu: 20, sigma: 4 }, '3-2', thresholds)[0].mu).toBeLessThan(40);
  });

  it('band probabilities are the Gaussian masses of the bands and sum to P(win)', () => {
    const env = DEFAULT_ENV;
    const c = Math.sqrt(2 * env.beta ** 2 + a.sigma ** 2 + b.sigma ** 2 + 2 * env.tau ** 2);
    const dmu = a.mu - b.mu;
    const p32 = sectorResultProbability(a, b, '3-2', thresholds);
    const p41 = sectorResultProbability(a, b, '4-1', thresholds);
    const p50 = sectorResultProbability(a, b, '5-0', thresholds);
    expect(p32).toBeCloseTo(cdf((2 - dmu) / c) - cdf(-dmu / c), 14);
    expect(p41).toBeCloseTo(cdf((5 - dmu) / c) - cdf((2 - dmu) / c), 14);
    expect(p32 + p41 + p50).toBeCloseTo(cdf(dmu / c), 14);
  });

  it('sigma shrinks and the update is finite in extreme tails', () => {
    const [w, l] = rateSector({ mu: -323.263, sigma: 2.965 }, { mu: -48.441, sigma: 2.19 }, '3-2', thresholds);
    expect(Number.isFinite(w.mu) && Number.isFinite(l.mu)).toBe(true);
    expect(w.sigma).toBeLessThan(2.966);
    expect(l.sigma).toBeLessThan(2.191);
    expect(w.mu).toBeGreaterThan(-323.263);
  });
});

describe('fitModel (thresholds)', () => {
  it('recovers thresholds from matches simulated with known thresholds, at a maximum', () => {
    const env = createEnv({ tau: 0 });
    const { matches } = simulateMatches({ teams: 40, count: 4000, beta: env.beta, t1: 3, t2: 8, seed: 7 });
    const compiled = compileMatches(matches);
    const start = { env, model: 'sector' as const, thresholds: { t1: env.beta / 2, t2: env.beta } };
    const fit = fitModel(compiled, start, { free: ['t1', 't2'] });
    const { t1, t2 } = fit.params.thresholds;
    expect(t1).toBeGreaterThan(3 * 0.75);
    expect(t1).toBeLessThan(3 * 1.25);
    expect(t2).toBeGreaterThan(8 * 0.8);
    expect(t2).toBeLessThan(8 * 1.2);
    const logLik = (th: { t1: number; t2: number }): number =>
      runModel(compiled, { ...start, thresholds: th }).bandLogLik;
    expect(fit.logLikelihood).toBeCloseTo(logLik({ t1, t2 }), 9);
    for (const [d1, d2] of [
      [0.3, 0],
      [-0.3, 0],
      [0, 0.5],
      [0, -0.5],
    ] as const) {
      expect(logLik({ t1: t1 + d1, t2: t2 + d2 })).toBeLessThan(fit.logLikelihood);
    }
  });
});
