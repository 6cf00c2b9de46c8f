/**
 * Rating history chart geometry: a team's mu with its uncertainty band (mu - sigma .. mu + sigma) and its score
 * (mu - 3 sigma, the number it is ranked by) over time.
 */
import { scaleLinear, scaleUtc } from 'd3-scale';
import { area, line } from 'd3-shape';
import { extent } from 'd3-array';
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
 * Geometry of the rating chart for `points` (oldest first, as the API gives them). The y domain covers the band
 * and the score line, rounded outwards to nice values; a single point is widened by a day each side.
 */
export function ratingGeometry(points: readonly RatingPointInput[], frame: Frame = DEFAULT_FRAME): RatingGeometry {
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
  const xAt = (_: RatingPointInput, i: number) => x(dates[i] as Date);
  const band = area<RatingPointInput>()
    .x(xAt)
    .y0((p) => y(p.mu - p.sigma))
    .y1((p) => y(p.mu + p.sigma))
    .digits(2);
  const muLine = line<RatingPointInput>()
    .x(xAt)
    .y((p) => y(p.mu))
    .digits(2);
  const scoreLine = line<RatingPointInput>()
    .x(xAt)
    .y((p) => y(p.score))
    .digits(2);
  const span = x1.getTime() - x0.getTime();
  return {
    box,
    band: band([...points]) ?? '',
    mu: muLine([...points]) ?? '',
    score: scoreLine([...points]) ?? '',
    points: points.map((p, i) => ({ x: round(xAt(p, i)), mu: round(y(p.mu)), score: round(y(p.score)) })),
    xTicks: x.ticks(5).map((d) => ({ at: round(x(d)), label: dateTickLabel(d, span) })),
    yTicks: y.ticks(5).map((v) => ({ at: round(y(v)), label: formatDecimal(v, Number.isInteger(v) ? 0 : 1) })),
  };
}
