/**
 * Moments of a standard normal variable truncated to a window, the shared
 * kernel of TrueSkill's v/w functions and the sector-score bands.
 */
import { erf } from './erf.ts';
import { INV_SQRT_2PI, pdf, scaledLowerCdf } from './gaussian.ts';

/**
 * For X ~ N(0, 1) conditioned on alpha < X <= beta, with Z = Phi(beta) - Phi(alpha):
 * - v = E[X | window] = (phi(alpha) - phi(beta)) / Z
 * - w = 1 - Var[X | window] = v^2 + (beta phi(beta) - alpha phi(alpha)) / Z
 * - logZ = log Z, the log-probability of the window.
 * With t = (mu_w - mu_l) / c and eps = margin / c, TrueSkill's win is the window
 * (eps - t, +Infinity) and its draw the window (-eps - t, eps - t].
 */
export interface WindowMoments {
  v: number;
  w: number;
  logZ: number;
}

/** A fresh scratch object for {@link windowMoments}. */
export function createWindowMoments(): WindowMoments {
  return { v: 0, w: 0, logZ: 0 };
}

/**
 * Writes the truncated-normal moments of the window (alpha, beta] into `out`
 * and returns it. alpha may be -Infinity and beta +Infinity. Stable in the
 * extreme tails: a window far from 0 is evaluated with the Gaussian factor
 * exp(-x^2/2) cancelled analytically, so it never forms 0/0. An empty window
 * (beta <= alpha) yields v = w = 0 and logZ = -Infinity.
 */
export function windowMoments(alpha: number, beta: number, out: WindowMoments): WindowMoments {
  if (!(beta > alpha)) {
    out.v = 0;
    out.w = 0;
    out.logZ = Number.NEGATIVE_INFINITY;
    return out;
  }
  // Reflect so the window's centre lies at or below 0; v is odd under reflection, w and Z are even.
  if (alpha + beta > 0) {
    lowerWindow(-beta, -alpha, out);
    out.v = -out.v;
    return out;
  }
  return lowerWindow(alpha, beta, out);
}

/** Window with alpha + beta <= 0 (or alpha = -Infinity). */
function lowerWindow(a: number, b: number, out: WindowMoments): WindowMoments {
  if (b > 0) {
    // Straddles 0 with |a| >= b: Z is a sum of two positive erf terms, so no cancellation.
    const z = 0.5 * (erf(b * Math.SQRT1_2) - erf(a * Math.SQRT1_2));
    const pa = a === Number.NEGATIVE_INFINITY ? 0 : pdf(a);
    const pb = pdf(b);
    const apa = a === Number.NEGATIVE_INFINITY ? 0 : a * pa;
    const bpb = b === Number.POSITIVE_INFINITY ? 0 : b * pb;
    const v = (pa - pb) / z;
    out.v = v;
    out.w = v * v + (bpb - apa) / z;
    out.logZ = Math.log(z);
    return out;
  }
  // Entirely in the lower tail: factor exp(-b^2/2) out of every term.
  // r = phi(a) / phi(b) <= 1; Z = exp(-b^2/2) * (g(b) - r g(a)) with g = Phi * exp(x^2/2).
  const inf = a === Number.NEGATIVE_INFINITY;
  const expo = inf ? Number.NEGATIVE_INFINITY : -0.5 * (a - b) * (a + b);
  const r = Math.exp(expo);
  const rMinus1 = Math.expm1(expo);
  const den = scaledLowerCdf(b) - (inf ? 0 : r * scaledLowerCdf(a));
  const v = (INV_SQRT_2PI * rMinus1) / den;
  out.v = v;
  out.w = v * v + (INV_SQRT_2PI * (b - (inf ? 0 : a * r))) / den;
  out.logZ = Math.log(den) - 0.5 * b * b;
  return out;
}
