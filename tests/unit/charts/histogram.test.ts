import { describe, expect, it } from 'vitest';
import { histogramGeometry, readBucketMinutes, timeBuckets } from '#lib/charts/histogram.ts';
import { DEFAULT_FRAME, plotBox } from '#lib/charts/frame.ts';

const minute = 60;

describe('timeBuckets', () => {
  it('cuts the match into buckets of the interval, the last one shorter', () => {
    const buckets = timeBuckets([{ label: 'Allies', tone: 'allies', times: [] }], 5, 32);
    expect(buckets.map((b) => [b.start, b.end])).toEqual([
      [0, 5],
      [5, 10],
      [10, 15],
      [15, 20],
      [20, 25],
      [25, 30],
      [30, 32],
    ]);
  });

  it('counts an event on an edge in the bucket that starts there, and the end in the last bucket', () => {
    const times = [0, 4 * minute + 59, 5 * minute, 10 * minute - 1, 15 * minute];
    const buckets = timeBuckets([{ label: 'Axis', tone: 'axis', times }], 5, 15);
    expect(buckets.map((x) => x.counts[0])).toEqual([2, 2, 1]);
    expect(timeBuckets([{ label: 'Axis', tone: 'axis', times }], 10, 15).map((x) => x.counts[0])).toEqual([4, 1]);
  });

  it('counts events outside the match in the first or last bucket, each once', () => {
    const times = [-30, 12 * minute, 50 * minute];
    const buckets = timeBuckets([{ label: 'A', tone: 'allies', times }], 15, 30);
    // A kill logged after the stated duration extends the last bucket instead of being lost.
    expect(buckets.map((b) => [b.start, b.end, b.counts[0]])).toEqual([
      [0, 15, 2],
      [15, 30, 0],
      [30, 45, 0],
      [45, 50, 1],
    ]);
    expect(buckets.reduce((n, b) => n + (b.counts[0] ?? 0), 0)).toBe(3);
  });

  it('keeps one count per series in series order', () => {
    const buckets = timeBuckets(
      [
        { label: 'Allies', tone: 'allies', times: [60, 120, 400] },
        { label: 'Axis', tone: 'axis', times: [700] },
      ],
      5,
      15,
    );
    expect(buckets.map((b) => b.counts)).toEqual([
      [2, 0],
      [1, 0],
      [0, 1],
    ]);
  });
});

describe('histogramGeometry', () => {
  const buckets = [
    { start: 0, end: 5, counts: [4, 2] },
    { start: 5, end: 10, counts: [0, 3] },
  ];
  const g = histogramGeometry(buckets, [
    { label: 'Allies', tone: 'allies' },
    { label: 'Axis', tone: 'axis' },
  ]);
  const box = plotBox(DEFAULT_FRAME);

  it('draws columns from the baseline up, proportional to the count', () => {
    expect(g.columns.map((c) => c.count)).toEqual([4, 2, 0, 3]);
    for (const c of g.columns) expect(Math.round((c.y + c.height) * 100) / 100).toBe(box.y1);
    const [a, b] = g.columns;
    expect(a!.height).toBeCloseTo(2 * b!.height, 1);
    expect(g.columns[2]!.height).toBe(0);
    expect(a!.x + a!.width).toBeLessThanOrEqual(b!.x);
  });

  it('labels buckets by their minutes and counts with whole numbers', () => {
    expect(g.xTicks.map((t) => t.label)).toEqual(['0–5', '5–10']);
    expect(g.yTicks.every((t) => /^\d+$/.test(t.label))).toBe(true);
    expect(g.yTicks.at(-1)?.label).toBe('4');
  });
});

describe('readBucketMinutes', () => {
  it('accepts 5, 10 or 15 and falls back otherwise', () => {
    expect(readBucketMinutes(new URL('http://x/?interval=10'))).toBe(10);
    expect(readBucketMinutes(new URL('http://x/?interval=15'))).toBe(15);
    expect(readBucketMinutes(new URL('http://x/?interval=7'))).toBe(5);
    expect(readBucketMinutes(new URL('http://x/?interval=abc'), 10)).toBe(10);
  });
});
