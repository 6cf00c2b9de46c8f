/**
 * Rating history chart geometry: a team's mu with its uncertainty band (mu - sigma .. mu + sigma) and its score
 * (mu - 3 sigma, the number it is ranked by) over time.
 */
import { extent, scaleLinear, scaleUtc } from './d3.ts';
import { DEFAULT_FRAME, plotBox, round, type Box, type Frame, type Tick } from './frame.ts';
import { formatDecimal } from '#lib/format/index.ts';

export interface RatingPointInput {
  date: string;
  mu: number;
  sigma: number;
  score: number;
}

export interface RatingGeometry {
  box: Box;
  band: string;
  mu: string;
  score: string;
  /** Each point's position, for markers. */
  points: { x: number; mu: number; score: number }[];
  xTicks: Tick[];
  yTicks: Tick[];
}

const DAY = 86_400_000;
const monthDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const monthYear = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** Date tick labels: 'Mar 12' within a year, 'Mar 2026' over longer spans. */
export function dateTickLabel(date: Date, spanMs: number): string {
  return spanMs > 300 * DAY ? monthYear.format(date) : monthDay.format(date);
}

/**
 * A number in a path as d3-path writes it with `digits(2)`: rounded to 2 decimals, printed by JavaScript.
 */
const digits2 = (n: number): number => Math.round(n * 100) / 100;

/** d3-shape's line (linear curve, 2 digits) through the points: 'M x,y L x,y …' (a lone point closes: 'Z'). */
export function linePath(xs: readonly number[], ys: readonly number[]): string {
  if (xs.length === 0) return '';
  let path = `M${digits2(xs[0]!)},${digits2(ys[0]!)}`;
  for (let i = 1; i < xs.length; i++) path += `L${digits2(xs[i]!)},${digits2(ys[i]!)}`;
  return xs.length === 1 ? `${path}Z` : path;
}

/** d3-shape's area (linear curve, 2 digits): along the tops, back along the bottoms, closed. */
export function areaPath(xs: readonly number[], tops: readonly number[], bottoms: readonly number[]): string {
  if (xs.length === 0) return '';
  let path = `M${digits2(xs[0]!)},${digits2(tops[0]!)}`;
  for (let i = 1; i < xs.length; i++) path += `L${digits2(xs[i]!)},${digits2(tops[i]!)}`;
  for (let i = xs.length - 1; i >= 0; i--) path += `L${digits2(xs[i]!)},${digits2(bottoms[i]!)}`;
  return `${path}Z`;
}

/**
 * Geometry of the rating chart for `points` (oldest first, as the API gives them). The y domain covers the band
 * and the score line, rounded outwards to nice values; a single point is widened by a day each side.
 */
export function ratingGeometry(
  points: readonly RatingPointInput[],
  frame: Frame = DEFAULT_FRAME,
  ticks = 5,
): RatingGeometry {
  const box = plotBox(frame);
  const dates = points.map((p) => new Date(p.date));
  const [first = new Date(0), last = first] = extent(dates) as [Date | undefined, Date | undefined];
  const x0 = first.getTime() === last.getTime() ? new Date(first.getTime() - DAY) : first;
  const x1 = first.getTime() === last.getTime() ? new Date(last.getTime() + DAY) : last;
  const x = scaleUtc().domain([x0, x1]).range([box.x0, box.x1]);
  const lows = points.flatMap((p) => [p.mu - p.sigma, p.score]);
  const highs = points.map((p) => p.mu + p.sigma);
  const low = Math.min(...lows, ...highs);
  const high = Math.max(...highs, ...lows);
  const y = scaleLinear()
    .domain(points.length ? [low, high === low ? low + 1 : high] : [0, 1])
    .nice(5)
    .range([box.y1, box.y0]);
  // Each point's position once; the paths are written as d3-shape writes them (linear curve, 2 digits).
  const xs = dates.map((d) => x(d));
  const bandLows = points.map((p) => y(p.mu - p.sigma));
  const mus = points.map((p) => y(p.mu));
  const scores = points.map((p) => y(p.score));
  const bandHighs = points.map((p) => y(p.mu + p.sigma));
  const span = x1.getTime() - x0.getTime();
  return {
    box,
    band: areaPath(xs, bandHighs, bandLows),
    mu: linePath(xs, mus),
    score: linePath(xs, scores),
    points: points.map((_, i) => ({ x: round(xs[i]!), mu: round(mus[i]!), score: round(scores[i]!) })),
    xTicks: x.ticks(ticks).map((d) => ({ at: round(x(d)), label: dateTickLabel(d, span) })),
    yTicks: y.ticks(ticks).map((v) => ({ at: round(y(v)), label: formatDecimal(v, Number.isInteger(v) ? 0 : 1) })),
  };
}
