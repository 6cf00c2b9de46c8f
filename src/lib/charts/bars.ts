/**
 * Grouped horizontal bar chart geometry: one row per group (a map, a side, a head-to-head measure) with one bar per
 * series in it (Allies and Axis win rates; team A and team B).
 */
import { scaleLinear } from 'd3-scale';
import { max } from 'd3-array';
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
  groups: { label: string; y: number }[];
  xTicks: Tick[];
}

export interface BarsOptions {
  /** The value at the right edge; default the largest value (rates: 1). */
  max?: number | undefined;
  /** Height of one group row in viewBox units. */
  rowHeight?: number;
  format: (value: number) => string;
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
 * Geometry of grouped horizontal bars. The chart grows with the number of groups (rowHeight each), so twenty maps
 * stay readable; bars start at 0 on the left.
 */
export function barsGeometry(
  groups: readonly BarGroup[],
  series: readonly BarSeries[],
  options: BarsOptions,
  frame: Frame = DEFAULT_FRAME,
): BarsGeometry {
  const rowHeight = options.rowHeight ?? 36;
  const height = frame.margin.top + frame.margin.bottom + Math.max(1, groups.length) * rowHeight;
  const box = plotBox({ ...frame, height });
  const top = max(groups.flatMap((g) => g.values.map((v) => v ?? 0))) ?? 0;
  const x = scaleLinear()
    .domain([0, options.max ?? (top > 0 ? top : 1)])
    .range([box.x0, box.x1]);
  if (options.max === undefined) x.nice(4);
  const y = bands(groups.length, box.y0, box.y1, 0.25, 0.1);
  const inner = bands(series.length, 0, y.bandwidth, 0.08, 0.08);
  const bars: Bar[] = [];
  groups.forEach((group, g) => {
    series.forEach((s, k) => {
      const value = group.values[k] ?? null;
      const by = (y.starts[g] ?? 0) + (inner.starts[k] ?? 0);
      const width = value === null ? 0 : Math.max(0, x(Math.min(value, x.domain()[1] ?? value)) - box.x0);
      bars.push({
        group: group.label,
        series: s.label,
        tone: s.tone,
        value,
        x: round(box.x0),
        y: round(by),
        width: round(width),
        height: round(inner.bandwidth),
        labelX: round(box.x0 + width + 4),
        labelY: round(by + inner.bandwidth / 2),
      });
    });
  });
  return {
    box,
    height,
    bars,
    groups: groups.map((group, g) => ({ label: group.label, y: round((y.starts[g] ?? 0) + y.bandwidth / 2) })),
    xTicks: x.ticks(4).map((v) => ({ at: round(x(v)), label: options.format(v) })),
  };
}
