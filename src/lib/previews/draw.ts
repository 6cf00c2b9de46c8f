/**
 * The pieces every preview image is drawn from: the 1200x630 frame (Open Graph's size) with the site's colours, text
 * lines clipped to a length that fits, the initials tile of a team, and lists of figures. Plain SVG strings
 * (#lib/map-art/svg.ts), rendered to PNG on the server with the font the project ships (Inter).
 */
import { el } from '#lib/map-art/svg.ts';
import { escapeXml } from '#lib/format/markup.ts';

export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;
export const FONT_FAMILY = 'Inter';

/** The dark theme's token colours (tokens.css, open-props), as the image cannot read CSS variables. */
export const COLORS = {
  bg: '#16191d',
  surface: '#212529',
  surface2: '#343a40',
  text: '#f1f3f5',
  muted: '#ced4da',
  accent: '#ffd43b',
  allies: '#339af0',
  axis: '#fa5252',
  success: '#69db7c',
  tones: ['#1864ab', '#2b8a3e', '#c92a2a', '#a33b00', '#4b5a2c', '#7c6a3a'],
} as const;

/** `text` cut to `max` characters with an ellipsis (the renderer does not wrap or measure). */
export function clip(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

export interface TextOptions {
  size: number;
  weight?: 400 | 700;
  fill?: string;
  anchor?: 'start' | 'middle' | 'end';
  max?: number;
}

// First Strong Isolate and Pop Directional Isolate: the isolated text takes its direction from its first letter.
const FSI = '\u2068';
const PDI = '\u2069';

/**
 * `content` as a line of its own direction, as a browser lays out `dir="auto"`: a name whose first letter is Arabic or
 * Hebrew reads right to left as a whole (its Latin words, digits and brackets placed and mirrored as in a right-to-left
 * paragraph, the ellipsis of a cut at its left end), any other left to right. The renderer's paragraph is always
 * left to right (it ignores SVG's `direction`), so the line is wrapped in an isolate instead; the anchor keeps its
 * visual meaning.
 */
export function isolate(content: string): string {
  return `${FSI}${content}${PDI}`;
}

/** One line of text at (x, y), its baseline, laid out in the direction of its first letter (isolate). */
export function text(x: number, y: number, content: string, options: TextOptions): string {
  return el(
    'text',
    {
      x,
      y,
      'font-family': FONT_FAMILY,
      'font-size': options.size,
      'font-weight': options.weight ?? 400,
      fill: options.fill ?? COLORS.text,
      'text-anchor': options.anchor,
    },
    escapeXml(isolate(options.max ? clip(content, options.max) : content)),
  );
}

/** The colour of a tag's initials tile: the same tag always gets the same tone. */
export function toneOf(tag: string): string {
  let hash = 0;
  for (const c of tag) hash = (hash * 31 + (c.codePointAt(0) ?? 0)) >>> 0;
  return COLORS.tones[hash % COLORS.tones.length] ?? COLORS.surface2;
}

/** The letters of a tag's tile: its first two letters or digits ('[7DR]' -> '7D'). */
export function initials(tag: string): string {
  const letters = [...tag].filter((c) => /[\p{L}\p{N}]/u.test(c));
  return (letters.slice(0, 2).join('') || tag.slice(0, 2)).toUpperCase();
}

/** A team's tile: its initials on its tone (icons stay on Discord's CDN; the image is drawn without the network). */
export function tile(x: number, y: number, size: number, tag: string): string {
  return (
    el('rect', { x, y, width: size, height: size, rx: size / 8, fill: toneOf(tag) }) +
    text(x + size / 2, y + size * 0.64, initials(tag), { size: size * 0.4, weight: 700, anchor: 'middle' })
  );
}

/** Rows of 'label  value' from `top`, `gap` apart: the figures column of a card. */
export function figures(x: number, top: number, rows: readonly [string, string][], width = 420, gap = 56): string {
  return rows
    .map(
      ([label, value], i) =>
        text(x, top + i * gap, label, { size: 28, fill: COLORS.muted, max: 22 }) +
        text(x + width, top + i * gap, value, { size: 32, weight: 700, anchor: 'end', max: 14 }),
    )
    .join('');
}

/** The whole image: background, accent bar, the card's body, and the site's name with the series at the foot. */
export function frame(body: string, series: string): string {
  const foot =
    el('rect', { x: 0, y: PREVIEW_HEIGHT - 64, width: PREVIEW_WIDTH, height: 64, fill: COLORS.surface }) +
    text(60, PREVIEW_HEIGHT - 22, 'Hell Let Loose Skill System', { size: 26, weight: 700, fill: COLORS.accent }) +
    text(PREVIEW_WIDTH - 60, PREVIEW_HEIGHT - 22, series, { size: 26, fill: COLORS.muted, anchor: 'end', max: 40 });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PREVIEW_WIDTH}" height="${PREVIEW_HEIGHT}" ` +
    `viewBox="0 0 ${PREVIEW_WIDTH} ${PREVIEW_HEIGHT}">` +
    el('rect', { width: PREVIEW_WIDTH, height: PREVIEW_HEIGHT, fill: COLORS.bg }) +
    el('rect', { width: PREVIEW_WIDTH, height: 8, fill: COLORS.accent }) +
    body +
    foot +
    '</svg>'
  );
}
