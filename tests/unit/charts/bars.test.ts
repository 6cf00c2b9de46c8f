import { describe, expect, it } from 'vitest';
import { barsGeometry, zoomedShareDomain } from '#lib/charts/bars.ts';
import { DEFAULT_FRAME, plotBox } from '#lib/charts/frame.ts';

const series = [
  { key: 'allies', label: 'Allies', tone: 'allies' as const },
  { key: 'axis', label: 'Axis', tone: 'axis' as const },
];
const groups = [
  { label: 'Carentan', values: [0.75, 0.25] },
  { label: 'Foy', values: [0.4, null] },
];
const format = (v: number) => `${Math.round(v * 100)}%`;

describe('barsGeometry', () => {
  const g = barsGeometry(groups, series, { max: 1, format, barHeight: 16 });
  const box = plotBox({ ...DEFAULT_FRAME, height: g.height });

  it('grows with the number of groups', () => {
    // A group: its label's line (18), a bar per series (16 each) and a gap (10).
    expect(g.height).toBe(DEFAULT_FRAME.margin.top + DEFAULT_FRAME.margin.bottom + 2 * 60);
    expect(barsGeometry([...groups, ...groups], series, { max: 1, format, barHeight: 16 }).height).toBe(g.height + 120);
  });

  it('scales widths linearly from 0 at the left edge to the maximum at the right', () => {
    const width = box.x1 - box.x0;
    expect(g.bars.map((b) => [b.group, b.series, b.width])).toEqual([
      ['Carentan', 'Allies', Math.round(width * 0.75 * 100) / 100],
      ['Carentan', 'Axis', Math.round(width * 0.25 * 100) / 100],
      ['Foy', 'Allies', Math.round(width * 0.4 * 100) / 100],
      ['Foy', 'Axis', 0],
    ]);
    expect(g.bars.every((b) => b.x === box.x0)).toBe(true);
    expect(g.bars[0]?.labelX).toBe(Math.round((box.x0 + g.bars[0]!.width + 4) * 100) / 100);
  });

  it('zooms a share axis to the data in tens of percent, marking 50%', () => {
    expect(zoomedShareDomain([0.38, 0.62])).toEqual([0.3, 0.7]);
    expect(zoomedShareDomain([0.5, 0.52])).toEqual([0.4, 0.6]);
    expect(zoomedShareDomain([0, 1])).toEqual([0, 1]);
    expect(zoomedShareDomain([])).toEqual([0, 1]);
    const zoomed = barsGeometry([{ label: 'Foy', values: [0.38, 0.62] }], series, { zoom: true, format });
    expect(zoomed.xTicks.map((t) => t.label)).toEqual(['30%', '40%', '50%', '60%', '70%']);
    expect(zoomed.reference?.x).toBe(zoomed.xTicks[2]?.at);
    // A bar starts at the axis's start (30%): 38% is a fifth of the way to 70%.
    const plot = zoomed.box.x1 - zoomed.box.x0;
    expect(zoomed.bars[0]!.width).toBeCloseTo(plot * 0.2, 1);
  });

  it('puts each group label on a line above its bars, whole', () => {
    const long = barsGeometry([{ label: 'St. Marie Du Mont (12/20)', values: [0.6] }], series.slice(0, 1), {
      zoom: true,
      format,
    });
    expect(long.groups[0]).toEqual({ label: 'St. Marie Du Mont (12/20)', y: expect.any(Number) });
    expect(long.groups[0]!.y).toBeLessThan(long.bars[0]!.y);
  });

  it('stacks the bars of a group without overlap, groups in order from the top', () => {
    const [a, b, c] = g.bars;
    expect(a!.y + a!.height).toBeLessThanOrEqual(b!.y);
    expect(b!.y + b!.height).toBeLessThan(c!.y);
    expect(a!.y).toBeGreaterThanOrEqual(box.y0);
    expect(g.bars.at(-1)!.y + g.bars.at(-1)!.height).toBeLessThanOrEqual(box.y1);
    expect(g.groups.map((x) => x.label)).toEqual(['Carentan', 'Foy']);
    expect(g.groups[0]!.y).toBeLessThan(g.groups[1]!.y);
  });

  it('ticks the value axis with the given format', () => {
    expect(g.xTicks.map((t) => t.label)).toEqual(['0%', '20%', '40%', '60%', '80%', '100%']);
    expect(g.xTicks[0]?.at).toBe(box.x0);
    expect(g.xTicks.at(-1)?.at).toBe(box.x1);
  });

  it('nices the axis to the largest count when no maximum is given', () => {
    const counts = barsGeometry([{ label: 'Wins', values: [7, 3] }], series, { format: String });
    expect(counts.xTicks.at(-1)?.label).toBe('8');
  });
});
