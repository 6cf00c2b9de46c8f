/** Small helpers to write SVG markup as strings (the art is served as files and inlined by components). */
import { escapeXml } from '#lib/format/markup.ts';

/** An element with attributes (numbers rounded to 1 decimal) and optional inner markup. */
export function el(name: string, attributes: Record<string, string | number | undefined>, inner?: string): string {
  const attrs = Object.entries(attributes)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${typeof v === 'number' ? Math.round(v * 10) / 10 : escapeXml(v as string)}"`)
    .join('');
  return inner === undefined ? `<${name}${attrs}/>` : `<${name}${attrs}>${inner}</${name}>`;
}

/** A closed polygon path through points. */
export function polygonPath(points: readonly (readonly [number, number])[]): string {
  return `${points.map(([x, y], i) => `${i ? 'L' : 'M'}${Math.round(x * 10) / 10},${Math.round(y * 10) / 10}`).join('')}Z`;
}

/** Mixes two #rrggbb colours: t = 0 gives a, 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const parse = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const [ca, cb] = [parse(a), parse(b)];
  return `#${ca
    .map((v, i) =>
      Math.round(v + ((cb[i] ?? v) - v) * t)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}
