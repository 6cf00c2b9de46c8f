/**
 * Double-precision error functions after W. J. Cody, "Rational Chebyshev
 * approximations for the error function", Math. Comp. 23 (1969) 631-638
 * (the coefficient sets of Netlib SPECFUN `calerf`). Relative accuracy is
 * about 1e-15 over the whole real line, including the far tails where the
 * scaled form `erfcx` stays finite.
 */

// The coefficients are quoted with the digits Cody (1969) published; doubles round them, as intended.
/* eslint-disable no-loss-of-precision */
const INV_SQRT_PI = 5.6418958354775628695e-1;
const THRESH = 0.46875;
// Beyond these, erfc(x) underflows to 0 and exp(x^2) overflows respectively.
const X_BIG = 26.543;
const X_NEG = -26.628;
const X_HUGE = 6.71e7;

const A = [3.1611237438705656, 113.864154151050156, 377.485237685302021, 3209.37758913846947, 0.185777706184603153];
const B = [23.6012909523441209, 244.024637934444173, 1282.61652607737228, 2844.23683343917062];
const C = [
  0.564188496988670089, 8.88314979438837594, 66.1191906371416295, 298.635138197400131, 881.95222124176909,
  1712.04761263407058, 2051.07837782607147, 1230.33935479799725, 2.15311535474403846e-8,
];
const D = [
  15.7449261107098347, 117.693950891312499, 537.181101862009858, 1621.38957456669019, 3290.79923573345963,
  4362.61909014324716, 3439.36767414372164, 1230.33935480374942,
];
const P = [
  0.305326634961232344, 0.360344899949804439, 0.125781726111229246, 0.0160837851487422766, 6.58749161529837803e-4,
  0.0163153871373020978,
];
const Q = [
  2.56852019228982242, 1.87295284992346047, 0.527905102951428412, 0.0605183413124413191, 2.33520497626869185e-3,
];

/** erf(x) for |x| <= 0.46875. */
function erfSmall(x: number): number {
  const z = x * x;
  let num = A[4]! * z;
  let den = z;
  for (let i = 0; i < 3; i++) {
    num = (num + A[i]!) * z;
    den = (den + B[i]!) * z;
  }
  return (x * (num + A[3]!)) / (den + B[3]!);
}

/** exp(y^2) * erfc(y) for y > 0.46875. */
function erfcxPositive(y: number): number {
  if (y <= 4) {
    let num = C[8]! * y;
    let den = y;
    for (let i = 0; i < 7; i++) {
      num = (num + C[i]!) * y;
      den = (den + D[i]!) * y;
    }
    return (num + C[7]!) / (den + D[7]!);
  }
  if (y >= X_HUGE) return INV_SQRT_PI / y;
  const z = 1 / (y * y);
  let num = P[5]! * z;
  let den = z;
  for (let i = 0; i < 4; i++) {
    num = (num + P[i]!) * z;
    den = (den + Q[i]!) * z;
  }
  const r = (z * (num + P[4]!)) / (den + Q[4]!);
  return (INV_SQRT_PI - r) / y;
}

/** exp(-y^2) for y >= 0, split as Cody does so the rounding of y^2 does not cost relative accuracy. */
function expNegSquare(y: number): number {
  const ysq = Math.trunc(y * 16) / 16;
  const del = (y - ysq) * (y + ysq);
  return Math.exp(-ysq * ysq) * Math.exp(-del);
}

/** exp(y^2) for y >= 0, split like {@link expNegSquare}. */
function expSquare(y: number): number {
  const ysq = Math.trunc(y * 16) / 16;
  const del = (y - ysq) * (y + ysq);
  return Math.exp(ysq * ysq) * Math.exp(del);
}

/** The error function erf(x). */
export function erf(x: number): number {
  if (Number.isNaN(x)) return Number.NaN;
  const y = Math.abs(x);
  if (y <= THRESH) return erfSmall(x);
  const tail = y >= X_BIG ? 0 : erfcxPositive(y) * expNegSquare(y);
  return x > 0 ? 1 - tail : tail - 1;
}

/** The complementary error function erfc(x) = 1 - erf(x), accurate in relative terms for large x. */
export function erfc(x: number): number {
  if (Number.isNaN(x)) return Number.NaN;
  const y = Math.abs(x);
  if (y <= THRESH) return 1 - erfSmall(x);
  const tail = y >= X_BIG ? 0 : erfcxPositive(y) * expNegSquare(y);
  return x > 0 ? tail : 2 - tail;
}

/**
 * The scaled complementary error function erfcx(x) = exp(x^2) * erfc(x).
 * Finite and accurate for all x >= X_NEG (about -26.6); +Infinity below.
 * For x -> +Infinity it behaves like 1 / (x * sqrt(pi)).
 */
export function erfcx(x: number): number {
  if (Number.isNaN(x)) return Number.NaN;
  const y = Math.abs(x);
  let r: number;
  if (y <= THRESH) r = Math.exp(y * y) * (1 - erfSmall(y));
  else r = erfcxPositive(y);
  if (x >= 0) return r;
  if (x < X_NEG) return Number.POSITIVE_INFINITY;
  const e = expSquare(y);
  return e + e - r;
}
