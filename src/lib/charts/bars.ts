/**
 * Grouped horizontal bar chart geometry: one row per group (a map, a side, a head-to-head measure) with one bar per
 * series in it (Allies and Axis win rates; team A and team B).
 */
import { max, scaleLinear } from './d3.ts';
import { DEFAULT_FRAME, plotBox, round, type Box, type Frame, type Tick } from './frame.ts';

/** The colour family of a bar: the sides have their own; 'first'/'second' tell two teams apart. */
export type BarTone = 'allies' | 'axis' | 'first' | 'second' | 'neutral';

export interface BarSeries {
  key: string;
  label: string;
  tone: BarTone;
}

export interface BarGroup {
  label: string;
  /** One value per series, in the order of the series list (null: no data). */
  values: readonly (number | null)[];
}

export interface Bar {
  group: string;
  series: string;
  tone: BarTone;
  value: number | null;
  x: number;
  y: number;
  width: number;
  height: number;
  /** Where the value label goes (just past the end of the bar). */
  labelX: number;
  labelY: number;
}

export interface BarsGeometry {
  box: Box;
  height: number;
  bars: Bar[];
  /** Each group's label, on its own line above its bars (so a long map name is never cut): its baseline. */
  groups: { label: string; y: number }[];
  xTicks: Tick[];
  /** Where a reference value is drawn (50% of a win rate), when it is inside the axis. */
  reference?: { x: number; label: string } | undefined;
}

export interface BarsOptions {
  /** The value at the right edge; default the largest value (rates: 1). */
  max?: number | undefined;
  /** Height of one bar in viewBox units. */
  barHeight?: number;
  /** Shares (0..1): the axis is zoomed to the data in steps of 10% instead of 0–100%, with 50% marked. */
  zoom?: boolean;
  format: (value: number) => string;
}

const LABEL_LINE = 18;
const GROUP_GAP = 10;

/**
 * The part of 0..1 an axis of shares shows: the data's range widened by 5 points each side and rounded outwards to
 * tens of percent (38-62% -> 30-70%), at least 20 points wide, within 0..1.
 */
export function zoomedShareDomain(values: readonly number[]): [number, number] {
  if (values.length === 0) return [0, 1];
  const lo = Math.max(0, Math.floor((Math.min(...values) - 0.05) * 10) / 10);
  let hi = Math.min(1, Math.ceil((Math.max(...values) + 0.05) * 10) / 10);
  if (hi - lo < 0.2) hi = Math.min(1, lo + 0.2);
  return [Math.round(lo * 10) / 10, Math.round(hi * 10) / 10];
}

/**
 * d3's scaleBand over `n` bands from `r0` to `r1` (centred, not rounded) as plain arithmetic, in d3's order of
 * operations so that every position is the same number: each band's start and their width. A d3 band scale (an
 * ordinal map keyed by value) cost more than the rest of a chart.
 */
export function bands(n: number, r0: number, r1: number, paddingInner: number, paddingOuter: number) {
  const reverse = r1 < r0;
  const start = reverse ? r1 : r0;
  const stop = reverse ? r0 : r1;
  const step = (stop - start) / Math.max(1, n - paddingInner + paddingOuter * 2);
  const first = start + (stop - start - step * (n - paddingInner)) * 0.5;
  const starts = Array.from({ length: n }, (_, i) => first + step * i);
  return { starts: reverse ? starts.reverse() : starts, bandwidth: step * (1 - paddingInner) };
}

/**
 * Geometry of grouped horizontal bars: each group is its label on a line of its own, then one bar per series. The
 * chart grows with the number of groups, so twenty maps stay readable; bars start at the axis's left end (0, or
 * the zoomed domain's start).
 */
export function barsGeometry(
  groups: readonly BarGroup[],
  series: readonly BarSeries[],
  options: BarsOptions,
  frame: Frame = DEFAULT_FRAME,
): BarsGeometry {
  const barHeight = options.barHeight ?? 14;
  const rowHeight = LABEL_LINE + Math.max(1, series.length) * barHeight + GROUP_GAP;
  const height = frame.margin.top + frame.margin.bottom + Math.max(1, groups.length) * rowHeight;
  const box = plotBox({ ...frame, height });
  const values = groups.flatMap((g) => g.values.filter((v): v is number => v !== null));
  const top = max(values) ?? 0;
  const domain: [number, number] = options.zoom ? zoomedShareDomain(values) : [0, options.max ?? (top > 0 ? top : 1)];
  const x = scaleLinear().domain(domain).range([box.x0, box.x1]);
  if (options.max === undefined && !options.zoom) x.nice(4);
  const [lo = 0, hi = 1] = x.domain();
  const bars: Bar[] = [];
  groups.forEach((group, g) => {
    const rowTop = box.y0 + g * rowHeight;
    series.forEach((s, k) => {
      const value = group.values[k] ?? null;
      const by = rowTop + LABEL_LINE + k * barHeight;
      const width = value === null ? 0 : Math.max(0, x(Math.max(lo, Math.min(value, hi))) - box.x0);
      bars.push({
        group: group.label,
        series: s.label,
        tone: s.tone,
        value,
        x: round(box.x0),
        y: round(by + 1),
        width: round(width),
        height: round(barHeight - 2),
        labelX: round(box.x0 + width + 4),
        labelY: round(by + barHeight / 2),
      });
    });
  });
  const reference = options.zoom && lo < 0.5 && hi > 0.5 ? { x: round(x(0.5)), label: options.format(0.5) } : undefined;
  return {
    box,
    height,
    bars,
    groups: groups.map((group, g) => ({ label: group.label, y: round(box.y0 + g * rowHeight + LABEL_LINE - 5) })),
    reference,
    xTicks: x.ticks(4).map((v) => ({ at: round(x(v)), label: options.format(v) })),
  };
}
