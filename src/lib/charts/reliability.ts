/**
 * Reliability diagram geometry: each group of matches as a point at (the favourite's mean forecast, how often the
 * favourite won), joined in order, against the diagonal a perfectly calibrated forecast would follow. Both axes
 * run from 50% to 100% (a favourite's forecast is at least 50%); an observed share under 50% is drawn at the edge.
 */
import { line, scaleLinear } from './d3.ts';
import { DEFAULT_FRAME, plotBox, round, type Box, type Frame, type Tick } from './frame.ts';
import type { ReliabilityPoint } from '#lib/schemas/ratings-page.ts';

export interface ReliabilityGeometry {
  box: Box;
  /** The diagonal (perfect calibration). */
  diagonal: string;
  /** The groups joined in order. */
  path: string;
  points: { x: number; y: number; r: number }[];
  xTicks: Tick[];
  yTicks: Tick[];
}

const TICKS = [0.5, 0.6, 0.7, 0.8, 0.9, 1];

/** Geometry of the reliability diagram for `groups` (sorted by forecast, as reliabilityBins gives them). */
export function reliabilityGeometry(
  groups: readonly ReliabilityPoint[],
  frame: Frame = DEFAULT_FRAME,
): ReliabilityGeometry {
  const box = plotBox(frame);
  const x = scaleLinear().domain([0.5, 1]).range([box.x0, box.x1]).clamp(true);
  const y = scaleLinear().domain([0.5, 1]).range([box.y1, box.y0]).clamp(true);
  const most = Math.max(1, ...groups.map((g) => g.n));
  const points = groups.map((g) => ({
    x: round(x(g.predicted)),
    y: round(y(g.observed)),
    r: round(3 + 4 * Math.sqrt(g.n / most)),
  }));
  const join = line<{ x: number; y: number }>()
    .x((p) => p.x)
    .y((p) => p.y);
  const tick = (scale: (v: number) => number) => (v: number) => ({ at: round(scale(v)), label: `${v * 100}%` });
  return {
    box,
    diagonal: `M${box.x0},${box.y1}L${box.x1},${box.y0}`,
    path: join(points) ?? '',
    points,
    xTicks: TICKS.map(tick(x)),
    yTicks: TICKS.map(tick(y)),
  };
}
