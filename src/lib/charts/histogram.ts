/**
 * Time-bucket histogram geometry: events (kills) of each side counted in 5, 10 or 15 minute buckets of a match,
 * drawn as grouped columns per bucket.
 */
import { bin, scaleLinear } from './d3.ts';
import { bands } from './bars.ts';
import { DEFAULT_FRAME, plotBox, round, type Box, type Frame, type Tick } from './frame.ts';
import type { BarTone } from './bars.ts';

export const BUCKET_MINUTES = [5, 10, 15] as const;
export type BucketMinutes = (typeof BUCKET_MINUTES)[number];

/** The bucket size of the page at `url` (`interval` parameter); anything else is the default. */
export function readBucketMinutes(url: URL, fallback: BucketMinutes = 5, param = 'interval'): BucketMinutes {
  const value = Number(url.searchParams.get(param));
  return (BUCKET_MINUTES as readonly number[]).includes(value) ? (value as BucketMinutes) : fallback;
}

export interface Bucket {
  /** Minutes from the start, inclusive. */
  start: number;
  /** Minutes from the start; exclusive except for the last bucket, which also holds events at its end. */
  end: number;
  /** Events per series, in the order of the series. */
  counts: number[];
}

export interface BucketSeries {
  label: string;
  tone: BarTone;
  /** Event times in seconds from the start of the match. */
  times: readonly number[];
}

/**
 * Counts `series` events into buckets of `minutes` covering [0, durationMinutes] (the last bucket may be shorter:
 * a 32-minute match in 5-minute buckets ends with 30-32). Events before 0 count in the first bucket and events
 * after the end in the last, so every event is counted once.
 */
export function timeBuckets(series: readonly BucketSeries[], minutes: number, durationMinutes: number): Bucket[] {
  const latest = Math.max(0, ...series.flatMap((s) => s.times.map((t) => t / 60)));
  const end = Math.max(durationMinutes, latest, minutes > 0 ? Number.EPSILON : 0);
  const edges: number[] = [];
  for (let t = minutes; t < end; t += minutes) edges.push(t);
  const starts = [0, ...edges];
  const buckets: Bucket[] = starts.map((start, i) => ({
    start,
    end: round(edges[i] ?? end),
    counts: series.map(() => 0),
  }));
  series.forEach((s, k) => {
    const bins = bin<number, number>().domain([0, end]).thresholds(edges)(
      s.times.map((t) => Math.min(Math.max(t / 60, 0), end)),
    );
    bins.forEach((b, i) => {
      const bucket = buckets[i];
      if (bucket) bucket.counts[k] = b.length;
    });
  });
  return buckets;
}

export interface HistogramGeometry {
  box: Box;
  columns: {
    bucket: number;
    series: string;
    tone: BarTone;
    count: number;
    x: number;
    y: number;
    width: number;
    height: number;
  }[];
  xTicks: Tick[];
  yTicks: Tick[];
}

/** Column geometry of `buckets`: one slot per bucket, one column per series in it, counts from 0 upwards. */
export function histogramGeometry(
  buckets: readonly Bucket[],
  series: readonly { label: string; tone: BarTone }[],
  frame: Frame = DEFAULT_FRAME,
  fit = 8,
): HistogramGeometry {
  const box = plotBox(frame);
  const top = Math.max(1, ...buckets.flatMap((b) => b.counts));
  const y = scaleLinear().domain([0, top]).nice(4).range([box.y1, box.y0]);
  // d3's band scales, as arithmetic (bands()).
  const x = bands(buckets.length, box.x0, box.x1, 0.2, 0.1);
  const inner = bands(series.length, 0, x.bandwidth, 0.05, 0.05);
  const columns = buckets.flatMap((bucket, i) =>
    series.map((s, k) => {
      const count = bucket.counts[k] ?? 0;
      const top = y(count);
      return {
        bucket: i,
        series: s.label,
        tone: s.tone,
        count,
        x: round((x.starts[i] ?? 0) + (inner.starts[k] ?? 0)),
        y: round(top),
        width: round(inner.bandwidth),
        height: round(box.y1 - top),
      };
    }),
  );
  // Label every bucket while `fit` labels fit the width; past that every second or third one.
  const every = buckets.length <= fit ? 1 : Math.ceil(buckets.length / fit);
  return {
    box,
    columns,
    xTicks: buckets
      .map((b, i) => ({ at: round((x.starts[i] ?? 0) + x.bandwidth / 2), label: `${b.start}–${b.end}`, i }))
      .filter((t) => t.i % every === 0)
      .map(({ at, label }) => ({ at, label })),
    yTicks: y
      .ticks(4)
      .filter(Number.isInteger)
      .map((v) => ({ at: round(y(v)), label: String(v) })),
  };
}
