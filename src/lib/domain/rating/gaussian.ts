/**
 * Standard normal density, distribution and quantile functions in double
 * precision, built on the Cody error functions.
 */
import { erfc, erfcx } from './erf.ts';

export const INV_SQRT_2PI = 0.3989422804014327;

/** Standard normal density phi(x). */
export function pdf(x: number): number {
  return INV_SQRT_2PI * Math.exp(-0.5 * x * x);
}

/** Standard normal distribution function Phi(x), accurate in relative terms in the lower tail. */
export function cdf(x: number): number {
  return 0.5 * erfc(-x * Math.SQRT1_2);
}

/**
 * Phi(x) * exp(x^2 / 2) for x <= 0: the lower-tail distribution with the
 * Gaussian factor removed, finite even where Phi(x) underflows.
 */
export function scaledLowerCdf(x: number): number {
  return 0.5 * erfcx(-x * Math.SQRT1_2);
}

/** log Phi(x), finite far into the lower tail. */
export function logCdf(x: number): number {
  if (x > -5) return Math.log(cdf(x));
  return Math.log(scaledLowerCdf(x)) - 0.5 * x * x;
}

/**
 * Inverse of Phi for p in (0, 1): returns x with Phi(x) = p to full double
 * precision (0 -> -Infinity, 1 -> +Infinity, outside [0, 1] -> NaN).
 */
export function ppf(p: number): number {
  if (!(p >= 0 && p <= 1)) return Number.NaN;
  if (p === 0) return Number.NEGATIVE_INFINITY;
  if (p === 1) return Number.POSITIVE_INFINITY;
  // 1 - p is exact for p >= 0.5, so reflecting loses nothing.
  if (p > 0.5) return -lowerPpf(1 - p);
  return lowerPpf(p);
}

/** Quantile for p in (0, 0.5]. */
function lowerPpf(p: number): number {
  // Abramowitz & Stegun 26.2.23 (|error| < 4.5e-4) as a start, then Halley steps on the exact Phi.
  const t = Math.sqrt(-2 * Math.log(p));
  let x = -(
    t -
    (2.515517 + 0.802853 * t + 0.010328 * t * t) / (1 + 1.432788 * t + 0.189269 * t * t + 0.001308 * t * t * t)
  );
  for (let i = 0; i < 6; i++) {
    const e = cdf(x) - p;
    const d = pdf(x);
    if (d === 0) break;
    const u = e / d;
    const step = u / (1 + 0.5 * x * u);
    x -= step;
    if (Math.abs(step) <= 1e-16 * Math.max(1, Math.abs(x))) break;
  }
  return x;
}
