/**
 * Map banners: a 4:1 landscape per map and environment, drawn from the map's theme (themes.ts) with a seeded
 * random source so each map always looks the same. Decorative art made for this project; the page prints the
 * map's name next to it.
 */
import { mulberry32, type Rng } from '#lib/domain/logs/write/prng.ts';
import { el, mix, polygonPath } from './svg.ts';
import { escapeXml } from '#lib/format/markup.ts';
import { lightFor, themeOf, type Landmark, type Light } from './themes.ts';
import type { BannerVariant } from './catalogue.ts';

export const BANNER_WIDTH = 1200;
export const BANNER_HEIGHT = 300;
const W = BANNER_WIDTH;
const H = BANNER_HEIGHT;

function seedOf(text: string): number {
  let hash = 2166136261;
  for (const c of text) hash = Math.imul(hash ^ (c.codePointAt(0) ?? 0), 16777619) >>> 0;
  return hash;
}

/** A ridge line across the banner: the sum of a few seeded waves around `base` (0..1 of the height). */
function ridge(rng: Rng, base: number, amplitude: number, step = 24): [number, number][] {
  const waves = [1, 2, 5].map((f) => ({ f, phase: rng.next() * Math.PI * 2, a: amplitude / f }));
  const points: [number, number][] = [];
  for (let x = 0; x <= W; x += step) {
    const y = waves.reduce((sum, w) => sum + w.a * Math.sin((x / W) * Math.PI * 2 * w.f + w.phase), 0);
    points.push([x, H * base + y]);
  }
  return points;
}

const ground = (points: [number, number][], fill: string) =>
  el('path', { d: polygonPath([...points, [W, H], [0, H]]), fill });

function sky(light: Light, rng: Rng): string {
  const parts = [el('rect', { width: W, height: H, fill: 'url(#sky)' })];
  if (light.stars) {
    for (let i = 0; i < 60; i++) {
      parts.push(
        el('circle', {
          cx: rng.next() * W,
          cy: rng.next() * H * 0.5,
          r: rng.next() < 0.2 ? 1.6 : 0.9,
          fill: '#f1f3f5',
          opacity: 0.8,
        }),
      );
    }
  }
  const body = light.body;
  if (body) {
    parts.push(el('circle', { cx: body.x * W, cy: body.y * H, r: body.r * 2.2, fill: body.colour, opacity: 0.18 }));
    parts.push(el('circle', { cx: body.x * W, cy: body.y * H, r: body.r, fill: body.colour }));
    if (body.moon)
      parts.push(el('circle', { cx: body.x * W + 7, cy: body.y * H - 4, r: body.r * 0.85, fill: light.skyTop }));
  } else {
    for (let i = 0; i < 5; i++) {
      const x = rng.next() * W;
      const y = 20 + rng.next() * H * 0.3;
      parts.push(
        el('ellipse', {
          cx: x,
          cy: y,
          rx: 120 + rng.next() * 120,
          ry: 18 + rng.next() * 12,
          fill: '#dee2e6',
          opacity: 0.25,
        }),
      );
    }
  }
  return parts.join('');
}

function pine(x: number, base: number, size: number, fill: string): string {
  return el('path', {
    d: polygonPath([
      [x, base - size * 2.4],
      [x + size * 0.8, base],
      [x - size * 0.8, base],
    ]),
    fill,
  });
}

function house(x: number, base: number, w: number, h: number, fill: string, roof = true): string {
  const body = el('rect', { x, y: base - h, width: w, height: h, fill });
  return roof
    ? body +
        el('path', {
          d: polygonPath([
            [x - 3, base - h],
            [x + w / 2, base - h - w * 0.45],
            [x + w + 3, base - h],
          ]),
          fill,
        })
    : body;
}

/** One landmark, drawn on the mid ground whose surface is `surface` (y per x). */
function landmark(kind: Landmark, rng: Rng, light: Light, surface: (x: number) => number): string {
  const dark = light.silhouette;
  const parts: string[] = [];
  switch (kind) {
    case 'sea': {
      const top = H * 0.7;
      parts.push(el('rect', { x: 0, y: top, width: W, height: H - top, fill: light.water }));
      for (let i = 0; i < 14; i++) {
        const x = rng.next() * W;
        const y = top + 8 + rng.next() * (H - top - 16);
        parts.push(
          el('path', {
            d: `M${Math.round(x)},${Math.round(y)}q12,-5 24,0t24,0`,
            fill: 'none',
            stroke: mix(light.water, '#ffffff', 0.35),
            'stroke-width': 2,
            opacity: 0.6,
          }),
        );
      }
      break;
    }
    case 'bluffs':
      parts.push(
        ground(
          ridge(rng, 0.5, 18, 40).map(([x, y]) => [x, x > W * 0.45 ? y : H * 0.64 + (y - H * 0.5) * 0.2]),
          mix(light.mid, dark, 0.25),
        ),
      );
      break;
    case 'hedgehogs':
      for (let i = 0; i < 9; i++) {
        const x = 80 + i * 120 + rng.next() * 40;
        const y = H * 0.86 + rng.next() * 10;
        parts.push(
          el('path', {
            d: `M${x - 9},${y}L${x + 9},${y - 16}M${x + 9},${y}L${x - 9},${y - 16}M${x},${y}L${x},${y - 18}`,
            stroke: dark,
            'stroke-width': 3,
            fill: 'none',
          }),
        );
      }
      break;
    case 'church': {
      const x = W * (0.3 + rng.next() * 0.3);
      const base = surface(x) + 4;
      parts.push(house(x - 30, base, 60, 44, dark));
      parts.push(el('rect', { x: x + 30, y: base - 96, width: 22, height: 96, fill: dark }));
      parts.push(
        el('path', {
          d: polygonPath([
            [x + 28, base - 96],
            [x + 41, base - 140],
            [x + 54, base - 96],
          ]),
          fill: dark,
        }),
      );
      break;
    }
    case 'town':
      for (let i = 0; i < 7; i++) {
        const x = W * 0.55 + i * 42 + rng.next() * 10;
        parts.push(house(x, surface(x) + 4, 30 + rng.next() * 14, 22 + rng.next() * 22, dark));
      }
      break;
    case 'ruins':
      for (let i = 0; i < 10; i++) {
        const x = 40 + i * 115 + rng.next() * 30;
        const base = surface(x) + 6;
        const w = 46 + rng.next() * 30;
        const h = 40 + rng.next() * 70;
        const jag: [number, number][] = [
          [x, base],
          [x, base - h],
        ];
        for (let k = 1; k <= 4; k++)
          jag.push([x + (w * k) / 4, base - h + (k % 2 ? 14 + rng.next() * 20 : rng.next() * 8)]);
        jag.push([x + w, base]);
        parts.push(el('path', { d: polygonPath(jag), fill: dark }));
      }
      break;
    case 'river': {
      const y = H * 0.8;
      parts.push(
        el('path', {
          d: `M0,${y}C${W * 0.3},${y - 24} ${W * 0.6},${y + 26} ${W},${y - 6}L${W},${y + 22}C${W * 0.6},${y + 48} ${W * 0.3},${y} 0,${y + 26}Z`,
          fill: light.water,
        }),
      );
      break;
    }
    case 'bridge': {
      const y = H * 0.74;
      parts.push(el('rect', { x: W * 0.2, y, width: W * 0.6, height: 10, fill: dark }));
      for (let i = 0; i < 4; i++) {
        const x = W * 0.2 + (i * W * 0.6) / 3;
        parts.push(el('rect', { x: x - 8, y, width: 16, height: H * 0.12, fill: dark }));
      }
      for (const x of [W * 0.2, W * 0.8]) {
        parts.push(el('rect', { x: x - 16, y: y - 70, width: 32, height: 70, fill: dark }));
        parts.push(
          el('path', {
            d: polygonPath([
              [x - 18, y - 70],
              [x, y - 92],
              [x + 18, y - 70],
            ]),
            fill: dark,
          }),
        );
      }
      break;
    }
    case 'forest':
      for (let i = 0; i < 26; i++) {
        const x = rng.next() * W;
        parts.push(pine(x, surface(x) + 6, 10 + rng.next() * 14, mix(dark, light.mid, 0.15)));
      }
      break;
    case 'hill':
      parts.push(
        el('path', {
          d: `M${W * 0.15},${H * 0.75}Q${W * 0.42},${H * 0.12} ${W * 0.72},${H * 0.75}Z`,
          fill: mix(light.far, dark, 0.35),
        }),
      );
      break;
    case 'fields':
      for (let i = 0; i < 6; i++) {
        const y = H * 0.72 + i * 12;
        parts.push(
          el('path', {
            d: `M0,${y}L${W},${y + (rng.next() - 0.5) * 20}`,
            stroke: mix(light.mid, dark, 0.4),
            'stroke-width': 3,
            opacity: 0.6,
          }),
        );
      }
      break;
    case 'dunes':
      parts.push(ground(ridge(rng, 0.7, 16, 30), mix(light.mid, '#ffffff', 0.08)));
      break;
    case 'tanks':
      for (let i = 0; i < 2; i++) {
        const x = W * (0.25 + i * 0.4 + rng.next() * 0.1);
        const base = H * 0.88;
        parts.push(el('rect', { x: x - 34, y: base - 16, width: 68, height: 16, rx: 6, fill: dark }));
        parts.push(el('rect', { x: x - 18, y: base - 30, width: 36, height: 14, rx: 3, fill: dark }));
        parts.push(el('rect', { x: x + 16, y: base - 26, width: 40, height: 5, fill: dark }));
      }
      break;
  }
  return parts.join('');
}

const BACKGROUND: ReadonlySet<Landmark> = new Set(['hill', 'bluffs']);
const WATER: ReadonlySet<Landmark> = new Set(['sea', 'river']);

/** The SVG document of a banner (a standalone file with its own colours; decorative, named by its <title>). */
export function bannerSvg(variant: BannerVariant): string {
  const theme = themeOf(variant.mapId);
  const light = lightFor(variant.environment, theme.ground);
  const rng = mulberry32(seedOf(variant.image));
  const far = ridge(rng, 0.55, 22);
  const mid = ridge(rng, 0.68, 12);
  const surface = (x: number) => {
    const i = Math.min(mid.length - 1, Math.max(0, Math.round(x / 24)));
    return (mid[i] as [number, number])[1];
  };
  const order = (set: ReadonlySet<Landmark>, yes: boolean) => theme.landmarks.filter((l) => set.has(l) === yes);
  const body = [
    sky(light, rng),
    ground(far, light.far),
    light.haze ? el('rect', { width: W, height: H, fill: light.skyBottom, opacity: light.haze }) : '',
    ...order(BACKGROUND, true).map((l) => landmark(l, rng, light, surface)),
    ground(mid, light.mid),
    ...order(WATER, true).map((l) => landmark(l, rng, light, surface)),
    ...theme.landmarks.filter((l) => !BACKGROUND.has(l) && !WATER.has(l)).map((l) => landmark(l, rng, light, surface)),
    ground(ridge(rng, 0.92, 5), light.near),
  ];
  if (light.rain) {
    const drops: string[] = [];
    for (let i = 0; i < 90; i++) {
      const x = rng.next() * W;
      const y = rng.next() * H;
      drops.push(`M${Math.round(x)},${Math.round(y)}l-6,18`);
    }
    body.push(el('path', { d: drops.join(''), stroke: '#dee2e6', 'stroke-width': 1.2, opacity: 0.45 }));
  }
  if (theme.ground === 'snow') {
    for (let i = 0; i < 50; i++)
      body.push(
        el('circle', {
          cx: rng.next() * W,
          cy: rng.next() * H,
          r: 1.5 + rng.next() * 1.5,
          fill: '#f8f9fa',
          opacity: 0.75,
        }),
      );
  }
  const defs = el(
    'defs',
    {},
    el(
      'linearGradient',
      { id: 'sky', x1: 0, y1: 0, x2: 0, y2: 1 },
      el('stop', { offset: 0, 'stop-color': light.skyTop }) + el('stop', { offset: 1, 'stop-color': light.skyBottom }),
    ),
  );
  const modes = variant.modes.join(', ');
  const title = `${variant.mapName} (${variant.environment}; ${modes})`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" preserveAspectRatio="xMidYMid slice"><title>${escapeXml(title)}</title>${defs}${body.join('')}</svg>`;
}
