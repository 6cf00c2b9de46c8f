// Reference values are quoted with every digit their source printed.
/* eslint-disable no-loss-of-precision */
import { describe, expect, it } from 'vitest';
import { DEFAULT_ENV, createEnv, drawMargin } from '#lib/domain/rating/env.ts';
import { erf, erfc, erfcx } from '#lib/domain/rating/erf.ts';
import { cdf, logCdf, ppf } from '#lib/domain/rating/gaussian.ts';
import { createWindowMoments, windowMoments } from '#lib/domain/rating/truncated.ts';
import { matchQuality, rate1vs1, winProbability } from '#lib/domain/rating/trueskill.ts';

const rel = (a: number, b: number): number => Math.abs(a - b) / Math.abs(b);

describe('error functions', () => {
  it('match high-precision reference values to ~1e-15 relative', () => {
    // References from mpmath at 30 digits.
    expect(rel(erf(0.3), 0.32862675945912741619)).toBeLessThan(2e-15);
    expect(rel(erfc(1), 0.157299207050285130659)).toBeLessThan(2e-15);
    expect(rel(erfc(3), 2.20904969985854413727e-5)).toBeLessThan(2e-15);
    expect(rel(erfc(10), 2.088487583762544757e-45)).toBeLessThan(4e-15);
    expect(rel(erfc(-2), 1.99532226501895273416)).toBeLessThan(2e-15);
    expect(rel(erfcx(30), 0.0187958888614168)).toBeLessThan(1e-13);
    expect(rel(erfcx(2), 0.255395676310505743865)).toBeLessThan(2e-15);
    expect(erfc(27)).toBe(0);
    expect(rel(erfcx(-1), 5.0089800807622834663)).toBeLessThan(2e-15);
    expect(rel(erfcx(-0.2), 1.27260202848319572534)).toBeLessThan(2e-15);
  });

  it('Phi, log Phi and its inverse are consistent', () => {
    expect(cdf(0)).toBe(0.5);
    expect(rel(cdf(-1.959963984540054), 0.025)).toBeLessThan(1e-14);
    expect(rel(logCdf(-40), -804.608442013754)).toBeLessThan(1e-12);
    for (const p of [1e-300, 1e-10, 0.01, 0.3, 0.5, 0.77, 0.999999]) {
      // Phi's condition number |x phi/Phi| reaches ~1400 at 1e-300, hence 1e-12.
      expect(rel(cdf(ppf(p)), p)).toBeLessThan(1e-12);
    }
  });
});

describe('truncated window moments', () => {
  it('give v = phi/Phi and w = v (v + t) for one-sided windows', () => {
    const m = windowMoments(-0.4, Number.POSITIVE_INFINITY, createWindowMoments());
    const v = Math.exp(-0.08) / Math.sqrt(2 * Math.PI) / cdf(0.4);
    expect(m.v).toBeCloseTo(v, 14);
    expect(m.w).toBeCloseTo(v * (v + 0.4), 14);
  });

  it('treat the whole line as no information', () => {
    const m = windowMoments(Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY, createWindowMoments());
    expect(m).toEqual({ v: 0, w: 0, logZ: 0 });
  });

  it('stay finite and tend to the asymptotes in extreme tails', () => {
    // Window (-inf, -60]: Phi(-60) underflows in double, mpmath gives the references.
    const m = windowMoments(Number.NEGATIVE_INFINITY, -60, createWindowMoments());
    expect(rel(m.v, -60.0166574202411249)).toBeLessThan(1e-14);
    // w = v (v - b) cancels to ~v^2 ulp absolute; that is still 1e-12 absolute.
    expect(Math.abs(m.w - 0.999722684116585230773)).toBeLessThan(1e-12);
    const narrow = windowMoments(-50.01, -50, createWindowMoments());
    expect(narrow.v).toBeGreaterThan(-50.01);
    expect(narrow.v).toBeLessThan(-50);
    expect(narrow.w).toBeGreaterThan(0.99);
  });
});

describe('TrueSkill 1 vs 1', () => {
  const a = { mu: 27, sigma: 5 };
  const b = { mu: 22, sigma: 7 };

  it('raises the winner, lowers the loser and shrinks both sigmas', () => {
    const [w, l] = rate1vs1(a, b);
    expect(w.mu).toBeGreaterThan(a.mu);
    expect(l.mu).toBeLessThan(b.mu);
    expect(w.sigma).toBeLessThan(a.sigma);
    expect(l.sigma).toBeLessThan(b.sigma);
  });

  it('is symmetric: swapping the teams mirrors the update', () => {
    const x = { mu: 25, sigma: 6 };
    const y = { mu: 25, sigma: 6 };
    const [w, l] = rate1vs1(x, y);
    expect(w.mu - 25).toBeCloseTo(25 - l.mu, 12);
    expect(w.sigma).toBe(l.sigma);
    const [w2, l2] = rate1vs1(b, a);
    const [l3, w3] = rate1vs1(b, a);
    expect([w2, l2]).toEqual([l3, w3]);
  });

  it('moves ratings more after an upset', () => {
    const [upsetWinner] = rate1vs1(b, a);
    const [expectedWinner] = rate1vs1(a, b);
    expect(upsetWinner.mu - b.mu).toBeGreaterThan(expectedWinner.mu - a.mu);
  });

  it('draws between equals leave mu unchanged', () => {
    const env = createEnv({ drawProbability: 0.1 });
    const [x, y] = rate1vs1({ mu: 25, sigma: 8 }, { mu: 25, sigma: 8 }, true, env);
    expect(x.mu).toBeCloseTo(25, 12);
    expect(y.mu).toBeCloseTo(25, 12);
    expect(x.sigma).toBeLessThan(8);
  });

  it('uses the documented defaults and scaling', () => {
    expect(DEFAULT_ENV).toEqual({
      mu: 25,
      sigma: 25 / 3,
      beta: 25 / 6,
      tau: 25 / 300,
      gamma: 0,
      drawProbability: 0,
      moserwareC: false,
    });
    expect(createEnv({ mu: 30 })).toMatchObject({ sigma: 10, beta: 5, tau: 0.1, gamma: 0 });
    expect(() => createEnv({ gamma: -1 })).toThrow(RangeError);
    expect(drawMargin(0, 4)).toBe(0);
  });

  it('winProbability is Phi of the standardised gap', () => {
    const c = Math.sqrt(2 * (25 / 6) ** 2 + 25 + 49);
    expect(winProbability(a, b)).toBeCloseTo(cdf(5 / c), 15);
    expect(winProbability(a, b) + winProbability(b, a)).toBeCloseTo(1, 15);
    expect(winProbability(a, a)).toBe(0.5);
  });

  it('matchQuality is 1 only for certain equals and falls with the gap', () => {
    expect(matchQuality({ mu: 20, sigma: 0 }, { mu: 20, sigma: 0 })).toBe(1);
    expect(matchQuality(a, b)).toBeLessThan(matchQuality(a, { mu: 27, sigma: 7 }));
  });
});
