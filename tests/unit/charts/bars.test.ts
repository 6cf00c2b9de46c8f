import { describe, expect, it } from 'vitest';
import { barsGeometry } from '#lib/charts/bars.ts';
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
  const g = barsGeometry(groups, series, { max: 1, format, rowHeight: 40 });
  const box = plotBox({ ...DEFAULT_FRAME, height: g.height });

  it('grows with the number of groups', () => {
    expect(g.height).toBe(DEFAULT_FRAME.margin.top + DEFAULT_FRAME.margin.bottom + 2 * 40);
    expect(barsGeometry([...groups, ...groups], series, { max: 1, format, rowHeight: 40 }).height).toBe(g.height + 80);
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
