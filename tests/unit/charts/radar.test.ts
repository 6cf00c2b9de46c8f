import { describe, expect, it } from 'vitest';
import { radarGeometry, SKILL_AXES } from '#lib/charts/radar.ts';

describe('radarGeometry', () => {
  const g = radarGeometry(SKILL_AXES, [{ name: 'P', values: [3, 0, -3, 1.5] }], {
    domain: [-3, 3],
    rings: [-2, 0, 2],
    width: 328,
    height: 328,
  });
  const c = 164;
  const radius = 124;

  it('fits the rim inside the drawing with room for labels', () => {
    expect([g.cx, g.cy, g.radius]).toEqual([c, c, radius]);
    const wide = radarGeometry(SKILL_AXES, [], { domain: [-3, 3], rings: [] });
    expect([wide.width, wide.height, wide.cx, wide.cy, wide.radius]).toEqual([480, 320, 240, 160, 120]);
  });

  it('places four axes clockwise from the top', () => {
    expect(g.axes.map((a) => [a.x, a.y])).toEqual([
      [c, c - radius],
      [c + radius, c],
      [c, c + radius],
      [c - radius, c],
    ]);
    expect(g.axes.map((a) => a.anchor)).toEqual(['middle', 'start', 'middle', 'end']);
  });

  it('maps values linearly from the centre (domain low) to the rim (domain high)', () => {
    const points = g.polygons[0]!.points;
    expect(points[0]).toEqual({ x: c, y: c - radius }); // 3: the rim
    expect(points[1]).toEqual({ x: c + radius / 2, y: c }); // 0: half way
    expect(points[2]).toEqual({ x: c, y: c }); // -3: the centre
    expect(points[3]).toEqual({ x: c - radius * 0.75, y: c }); // 1.5
    expect(g.polygons[0]!.path.startsWith(`M${c},${c - radius}`)).toBe(true);
    expect(g.polygons[0]!.path.endsWith('Z')).toBe(true);
  });

  it('clamps values outside the domain and draws missing ones at the centre', () => {
    const clamped = radarGeometry(SKILL_AXES, [{ name: 'Q', values: [9, null, -9, 0] }], {
      domain: [-3, 3],
      rings: [],
      width: 328,
      height: 328,
    });
    expect(clamped.polygons[0]!.points.slice(0, 3)).toEqual([
      { x: c, y: c - radius },
      { x: c, y: c },
      { x: c, y: c },
    ]);
  });

  it('draws one closed ring per ring value', () => {
    expect(g.rings.map((r) => r.value)).toEqual([-2, 0, 2]);
    expect(g.rings[1]!.path).toBe(`M${c},${c - 62}L${c + 62},${c}L${c},${c + 62}L${c - 62},${c}Z`);
  });
});
