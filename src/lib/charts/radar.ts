/**
 * Radar chart geometry for a player's skill: four axes (kills, deaths inverted, support and combat per minute),
 * each a z-score against the series' players, so 0 is the average player and outwards is better on every axis.
 */
import { curveLinearClosed, line, scaleLinear } from './d3.ts';
import { round } from './frame.ts';

/** The four skill dimensions in the order of the API's skill_vector. */
export const SKILL_AXES = [
  'Kills per minute',
  'Deaths per minute (inverted)',
  'Support per minute',
  'Combat per minute',
];

/**
 * Short axis labels for the drawing (the data table and description use the full ones); `narrow`: shorter still,
 * for a phone's drawing ('Deaths (inv.)': the chart's title says the rates are per minute).
 */
export function shortAxisLabel(label: string, narrow = false): string {
  const short = label.replace(' per minute', '/min').replace('(inverted)', '(inv.)');
  return narrow ? short.replace('/min', '') : short;
}

export interface RadarSeries {
  name: string;
  values: readonly (number | null)[];
}

export interface RadarGeometry {
  width: number;
  height: number;
  cx: number;
  cy: number;
  radius: number;
  axes: { label: string; x: number; y: number; labelX: number; labelY: number; anchor: 'start' | 'middle' | 'end' }[];
  /** Closed polygons of the reference rings (one per ring value), innermost first, each with its scale label. */
  rings: { value: number; path: string; labelX: number; labelY: number }[];
  polygons: { name: string; path: string; points: { x: number; y: number }[] }[];
}

export interface RadarOptions {
  /** Value range from the centre to the rim; z-scores: [-3, 3]. */
  domain: [number, number];
  rings: readonly number[];
  /** The viewBox; wider than tall, so the side labels fit. */
  width?: number;
  height?: number;
  /** Room between the rim and the viewBox's shorter edge (default 40). */
  inset?: number;
}

/**
 * Geometry of a radar with `labels.length` axes, the first pointing up and the rest clockwise. Values outside the
 * domain are clamped to it; a missing value is drawn at the centre.
 */
export function radarGeometry(
  labels: readonly string[],
  series: readonly RadarSeries[],
  options: RadarOptions,
): RadarGeometry {
  const width = options.width ?? 480;
  const height = options.height ?? 320;
  const cx = width / 2;
  const cy = height / 2;
  const radius = Math.min(width, height) / 2 - (options.inset ?? 40);
  const r = scaleLinear().domain(options.domain).range([0, radius]).clamp(true);
  const angle = (i: number) => (2 * Math.PI * i) / labels.length - Math.PI / 2;
  const at = (i: number, distance: number) => ({
    x: round(cx + distance * Math.cos(angle(i))),
    y: round(cy + distance * Math.sin(angle(i))),
  });
  const polygon = line<{ x: number; y: number }>()
    .x((p) => p.x)
    .y((p) => p.y)
    .curve(curveLinearClosed)
    .digits(2);
  return {
    width,
    height,
    cx,
    cy,
    radius,
    axes: labels.map((label, i) => {
      const end = at(i, radius);
      const text = at(i, radius + 14);
      const cos = Math.cos(angle(i));
      const anchor = Math.abs(cos) < 0.3 ? 'middle' : cos > 0 ? 'start' : 'end';
      return { label, x: end.x, y: end.y, labelX: text.x, labelY: text.y, anchor };
    }),
    // The scale reads along the first (upward) axis, just right of it.
    rings: options.rings.map((value) => ({
      value,
      path: polygon(labels.map((_, i) => at(i, r(value)))) ?? '',
      labelX: round(at(0, r(value)).x + 4),
      labelY: round(at(0, r(value)).y - 4),
    })),
    polygons: series.map((s) => {
      const points = labels.map((_, i) => {
        const v = s.values[i];
        return at(i, v === null || v === undefined ? 0 : r(v));
      });
      return { name: s.name, path: polygon(points) ?? '', points };
    }),
  };
}
