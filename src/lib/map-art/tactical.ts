/**
 * Tactical maps: a map's five sectors with their strongpoints (caps.json), each sector coloured by the side that
 * holds it and labelled with that side's name, the two HQs named at the ends, and cap flips drawn as numbered
 * markers on the sector that changed hands.
 */
import { el } from './svg.ts';
import { escapeXml } from '#lib/format/markup.ts';
import type { SectorLayout } from './catalogue.ts';
import { chosenStrongpoints } from './layout.ts';

export type Side = 'Allies' | 'Axis';

export interface TacticalPalette {
  allies: string;
  axis: string;
  neutral: string;
  background: string;
  text: string;
  line: string;
}

/** Colours of the standalone files (the same hues as the site's side tokens). */
export const FILE_PALETTE: TacticalPalette = {
  allies: '#339af0',
  axis: '#fa5252',
  neutral: '#868e96',
  background: '#212529',
  text: '#f1f3f5',
  line: '#495057',
};

/** Colours of a tactical map inlined in a page: the site's tokens, so it follows the colour scheme. */
export const TOKEN_PALETTE: TacticalPalette = {
  allies: 'var(--color-allies)',
  axis: 'var(--color-axis)',
  neutral: 'var(--color-neutral)',
  background: 'var(--color-surface-2)',
  text: 'var(--color-text)',
  line: 'var(--color-border)',
};

export interface FlipInput {
  at: number;
  side: Side;
  new_score: string;
}

export interface FlipMarker {
  /** 1 for the first capture of the match. */
  order: number;
  /** Sector index from the left (or top), 0..4. */
  sector: number;
  side: Side;
  minute: number;
}

const SECTORS = 5;
const other = (side: Side): Side => (side === 'Allies' ? 'Axis' : 'Allies');

function parse(score: string): [number, number] | null {
  const m = /^\s*([0-5])\s*[-:]\s*([0-5])\s*$/.exec(score);
  return m && Number(m[1]) + Number(m[2]) <= SECTORS ? [Number(m[1]), Number(m[2])] : null;
}

/**
 * Who holds each sector (from the left or top) at a score 'A-X' (Allies first): each side holds its count of
 * sectors from its own HQ; sectors between them are neutral (null). An unreadable score leaves all neutral.
 */
export function sectorOwners(layout: SectorLayout, score: string): (Side | null)[] {
  const parsed = parse(score);
  const owners: (Side | null)[] = Array(SECTORS).fill(null);
  if (!parsed) return owners;
  const count = { Allies: parsed[0], Axis: parsed[1] };
  const left = layout.leftSide;
  for (let i = 0; i < count[left]; i++) owners[i] = left;
  for (let i = 0; i < count[other(left)]; i++) owners[SECTORS - 1 - i] = other(left);
  return owners;
}

/**
 * The cap flips as markers, in time order: a capture raises the capturing side's count, and the sector it took is
 * the next one out from its HQ. Flips whose score does not show the capturer gaining are skipped.
 */
export function flipMarkers(layout: SectorLayout, flips: readonly FlipInput[], start = '2-2'): FlipMarker[] {
  let [allies, axis] = parse(start) ?? [2, 2];
  const markers: FlipMarker[] = [];
  for (const flip of [...flips].sort((p, q) => p.at - q.at)) {
    const next = parse(flip.new_score);
    if (!next) continue;
    const before = flip.side === 'Allies' ? allies : axis;
    const after = flip.side === 'Allies' ? next[0] : next[1];
    [allies, axis] = next;
    if (after <= before) continue;
    const sector = flip.side === layout.leftSide ? after - 1 : SECTORS - after;
    markers.push({ order: markers.length + 1, sector, side: flip.side, minute: Math.round(flip.at / 6) / 10 });
  }
  return markers;
}

export interface TacticalOptions {
  /** The score whose sector ownership is shown (Allies first); default the start of a match, '2-2'. */
  score?: string | undefined;
  flips?: readonly FlipInput[];
  palette?: TacticalPalette;
  /** Unique on the page: ids of the title and description. */
  id?: string;
  mapName: string;
  /** The match's layout (matches.map_layout): the strongpoint in play per sector is drawn larger, the others faded. */
  layout?: readonly unknown[];
}

// Small enough that the names stay readable when the map is shown in a card.
const LONG = 800;
const SHORT = 480;
const HQ = 44;

/** A strongpoint name on at most two lines, broken at the space nearest the middle. */
export function wrapName(name: string, max = 14): string[] {
  if (name.length <= max) return [name];
  const spaces = [...name.matchAll(/ /g)].map((m) => m.index ?? 0);
  if (!spaces.length) return [name];
  const middle = name.length / 2;
  const at = spaces.reduce((best, i) => (Math.abs(i - middle) < Math.abs(best - middle) ? i : best));
  return [name.slice(0, at), name.slice(at + 1)];
}

/** The SVG of a tactical map: a standalone document with the file palette, or inline with the token palette. */
export function tacticalSvg(layout: SectorLayout, options: TacticalOptions): string {
  const palette = options.palette ?? FILE_PALETTE;
  const score = options.score ?? '2-2';
  const owners = sectorOwners(layout, score);
  const markers = flipMarkers(layout, options.flips ?? []);
  const chosen = chosenStrongpoints(layout.sectors, options.layout ?? []);
  const horizontal = layout.orientation === 'horizontal';
  const [width, height] = horizontal ? [LONG, SHORT] : [SHORT, LONG];
  const span = (LONG - 2 * HQ) / SECTORS;
  // Cell origin of sector s, strongpoint k (sectors run along the long axis, strongpoints across it).
  const cell = (s: number, k: number, count: number) => {
    const along = HQ + s * span;
    const across = (k * SHORT) / count;
    return horizontal
      ? { x: along, y: across, w: span, h: SHORT / count }
      : { x: across, y: along, w: SHORT / count, h: span };
  };
  const colour = (side: Side | null) =>
    side === 'Allies' ? palette.allies : side === 'Axis' ? palette.axis : palette.neutral;
  const parts: string[] = [el('rect', { width, height, fill: palette.background })];
  const hqLabel = (side: Side, first: boolean) => {
    const [x, y, w, h] = horizontal ? [first ? 0 : LONG - HQ, 0, HQ, SHORT] : [0, first ? 0 : LONG - HQ, SHORT, HQ];
    const text = el(
      'text',
      {
        x: x + w / 2,
        y: y + h / 2,
        'text-anchor': 'middle',
        'dominant-baseline': 'middle',
        fill: palette.text,
        'font-size': 17,
        'font-weight': 700,
        transform: horizontal ? `rotate(-90 ${x + w / 2} ${y + h / 2})` : undefined,
      },
      escapeXml(`${side} HQ`),
    );
    return el('rect', { x, y, width: w, height: h, fill: colour(side), opacity: 0.55 }) + text;
  };
  parts.push(hqLabel(layout.leftSide, true), hqLabel(other(layout.leftSide), false));
  layout.sectors.slice(0, SECTORS).forEach((points, s) => {
    const owner = owners[s] ?? null;
    const band = horizontal
      ? { x: HQ + s * span, y: 0, w: span, h: SHORT }
      : { x: 0, y: HQ + s * span, w: SHORT, h: span };
    parts.push(
      el('rect', {
        x: band.x,
        y: band.y,
        width: band.w,
        height: band.h,
        fill: colour(owner),
        opacity: owner ? 0.35 : 0.12,
        stroke: palette.line,
        'stroke-width': 2,
      }),
    );
    const ownerText = owner ?? 'Neutral';
    parts.push(
      el(
        'text',
        { x: band.x + 8, y: band.y + 22, fill: palette.text, 'font-size': 17, 'font-weight': 700 },
        escapeXml(`${s + 1}. ${ownerText}`),
      ),
    );
    points.forEach((name, k) => {
      const c = cell(s, k, points.length);
      const cx = c.x + c.w / 2;
      const cy = c.y + c.h / 2 + 6;
      // With a layout, the strongpoint in play gets a larger, ringed dot and a bold name; the others fade.
      const inPlay = chosen[s] === name;
      const faded = chosen[s] != null && !inPlay;
      const dot = el('circle', {
        cx,
        cy: cy - 16,
        r: inPlay ? 13 : 9,
        fill: colour(owner),
        stroke: palette.text,
        'stroke-width': inPlay ? 4 : 2,
      });
      const lines = wrapName(name).map((line, i) => el('tspan', { x: cx, dy: i ? 17 : 0 }, escapeXml(line)));
      const label = el(
        'text',
        {
          x: cx,
          y: cy + 12,
          'text-anchor': 'middle',
          fill: palette.text,
          'font-size': 15,
          'font-weight': inPlay ? 700 : undefined,
        },
        lines.join(''),
      );
      parts.push(faded ? el('g', { opacity: 0.5 }, dot + label) : dot + label);
    });
  });
  // Several captures of one sector stack along its edge.
  const perSector = new Map<number, number>();
  for (const m of markers) {
    const n = perSector.get(m.sector) ?? 0;
    perSector.set(m.sector, n + 1);
    // Along the sector's far edge (towards the bottom or the right), stacked across it.
    const along = HQ + (m.sector + 1) * span - 20;
    const [x, y] = horizontal ? [along - n * 30, SHORT - 20] : [SHORT - 20 - n * 30, along];
    parts.push(
      el(
        'g',
        {},
        el('title', {}, escapeXml(`Capture ${m.order}: ${m.side}, minute ${m.minute}`)) +
          el('circle', { cx: x, cy: y, r: 13, fill: colour(m.side), stroke: palette.text, 'stroke-width': 2 }) +
          el(
            'text',
            {
              x,
              y: y + 1,
              'text-anchor': 'middle',
              'dominant-baseline': 'middle',
              fill: palette.text,
              'font-size': 13,
              'font-weight': 700,
            },
            String(m.order),
          ),
      ),
    );
  }
  const id = options.id ?? `tactical-${layout.mapId}`;
  const title = `Tactical map of ${options.mapName}`;
  const held = owners.map((o, i) => `sector ${i + 1} ${o ?? 'neutral'}`).join(', ');
  const inPlay = chosen.some((p) => p !== null)
    ? ` Layout: ${chosen.map((p, i) => `sector ${i + 1} ${p ?? 'not known'}`).join(', ')}.`
    : '';
  const desc = `${layout.leftSide} HQ on the ${horizontal ? 'left' : 'top'}, ${other(layout.leftSide)} HQ on the ${horizontal ? 'right' : 'bottom'}. Score ${score}: ${held}.${inPlay}${markers.length ? ` ${markers.length} captures marked in order.` : ''}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="${id}-title ${id}-desc" font-family="system-ui, sans-serif"><title id="${id}-title">${escapeXml(title)}</title><desc id="${id}-desc">${escapeXml(desc)}</desc>${parts.join('')}</svg>`;
}

const INLINE_KEPT = 256;
const inlineMaps = new Map<string, string>();

/**
 * tacticalSvg in the token palette (a page's inline map), kept per input, the least recently made going first past
 * INLINE_KEPT: the output depends on nothing else, and a match page draws the same map at every visit.
 */
export function inlineTacticalSvg(layout: SectorLayout, options: Omit<TacticalOptions, 'palette'>): string {
  const key = JSON.stringify([layout.mapId, options.id, options.mapName, options.score, options.flips, options.layout]);
  let svg = inlineMaps.get(key);
  if (svg === undefined) {
    svg = tacticalSvg(layout, { ...options, palette: TOKEN_PALETTE });
    if (inlineMaps.size >= INLINE_KEPT) inlineMaps.delete(inlineMaps.keys().next().value as string);
    inlineMaps.set(key, svg);
  }
  return svg;
}
