import { describe, expect, it } from 'vitest';
import { Resvg } from '@resvg/resvg-js';
import { clip, isolate, text } from '#lib/previews/draw.ts';
import { svgText } from '#lib/server/previews/fonts.ts';
import { renderOptions } from '#lib/server/previews/render.ts';

/*
 * Right-to-left names in preview images: drawn in the visual order a reader expects (Unicode's bidirectional
 * algorithm with the line's direction taken from its first letter, as a browser does with dir="auto"). Two kinds of
 * proof: a line drawn by `text()` is pixel for pixel the drawing of the same characters forced into the expected
 * visual order (Hebrew needs no joining, so its letters can be given reversed); and, for Arabic, whose letters join,
 * each part of a name in its own colour, whose left-to-right order on the image is read from the pixels.
 */

const WIDTH = 900;
// Left-to-right override … pop directional formatting: the characters are drawn in the order given, unmirrored.
const visual = (content: string) => `\u202d${content}\u202c`;

function draw(element: string): { pixels: Buffer; width: number } {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="80">${element}</svg>`;
  const image = new Resvg(svg, renderOptions(svgText(svg))).render();
  // Read once: each read of resvg's pixels copies them.
  return { pixels: Buffer.from(image.pixels), width: image.width };
}

/** The coverage (alpha) of each pixel of `content` as a preview draws it (draw.ts's text(), left aligned at x = 20). */
const line = (content: string) => alpha(draw(text(20, 50, content, { size: 32 })).pixels);

/** The same of exactly the characters given, in the order given, not isolated. */
const forced = (content: string) =>
  alpha(draw(`<text x="20" y="50" font-family="Inter" font-size="32" fill="#f1f3f5">${visual(content)}</text>`).pixels);

const alpha = (pixels: Buffer) => Uint8Array.from({ length: pixels.length / 4 }, (_, i) => pixels[i * 4 + 3]!);

/**
 * How much two drawings of text differ: the summed coverage difference over the ink of the first. A run laid out
 * right to left may place its glyphs a fraction of a pixel off the same glyphs laid out left to right (below 0.1);
 * other glyphs, or the same in another order, differ by about the ink itself (0.4 and more).
 */
function difference(a: Uint8Array, b: Uint8Array): number {
  let diff = 0;
  let ink = 0;
  a.forEach((value, i) => {
    diff += Math.abs(value - b[i]!);
    ink += value;
  });
  return diff / ink;
}

const SAME = 0.15;
const OTHER = 0.3;

const PALETTE = ['#ff0000', '#00ff00', '#0000ff', '#ff00ff'];

/**
 * The parts of a name (in logical order, as typed) each drawn in its own colour in one isolated line, as `text()`
 * lays it out: the indexes of those that are not blank, from the leftmost to the rightmost on the image.
 */
function visualOrder(parts: string[]): number[] {
  const spans = parts.map((part, i) => `<tspan fill="${PALETTE[i]}">${part}</tspan>`).join('');
  const { pixels, width } = draw(`<text x="20" y="50" font-family="Inter" font-size="32">${isolate(spans)}</text>`);
  const left = parts.map(() => Infinity);
  for (let at = 0; at < pixels.length; at += 4) {
    if (pixels[at + 3]! < 255) continue;
    const colour = `#${[0, 1, 2].map((k) => pixels[at + k]!.toString(16).padStart(2, '0')).join('')}`;
    const part = PALETTE.indexOf(colour);
    if (part >= 0 && part < parts.length) left[part] = Math.min(left[part]!, (at / 4) % width);
  }
  const drawn = parts.map((_, i) => i).filter((i) => parts[i]!.trim() !== '');
  expect(
    drawn.filter((i) => !Number.isFinite(left[i])),
    `undrawn parts of ${parts.join('')}`,
  ).toEqual([]);
  return drawn.sort((a, b) => left[a]! - left[b]!);
}

describe('right-to-left names in preview images', () => {
  it('draw a Hebrew name right to left: its first letter rightmost', () => {
    expect(difference(line('שלום חבר'), forced('רבח םולש'))).toBeLessThan(SAME);
    expect(difference(line('שלום חבר'), forced('חבר םולש'))).toBeGreaterThan(OTHER);
  });

  it('draw a Hebrew name that starts a line with Latin words, digits and brackets as a right-to-left line', () => {
    // The brackets pair around WTH and are mirrored; a number after a Latin word belongs to it.
    expect(difference(line('שלום (WTH) Beard 7'), forced('Beard 7 (WTH) םולש'))).toBeLessThan(SAME);
    // Laid out left to right (the renderer's own paragraph direction), the Hebrew word would come first.
    expect(difference(line('שלום (WTH) Beard 7'), forced('םולש (WTH) Beard 7'))).toBeGreaterThan(OTHER);
    // A name cut to fit ends at its left: the ellipsis is there.
    const cut = clip('שלום חבר טוב', 5);
    expect(cut).toBe('שלום…');
    expect(difference(line(cut), forced('…םולש'))).toBeLessThan(SAME);
  });

  it('draw a Latin name with a Hebrew word left to right, the Hebrew word itself right to left', () => {
    expect(difference(line('Beard שלום'), forced('Beard םולש'))).toBeLessThan(SAME);
    expect(difference(line('✪ (WTH) Beard'), forced('✪ (WTH) Beard'))).toBeLessThan(SAME);
  });

  it('draw an Arabic name right to left, its letters joined', () => {
    expect(visualOrder(['م', 'ح', 'م', 'د'])).toEqual([3, 2, 1, 0]);
    expect(visualOrder(['محمد', ' ', 'الجندي'])).toEqual([2, 0]);
    // Joined letters are other glyphs than the same letters kept apart by zero-width non-joiners.
    expect(difference(line('محمد'), line('م\u200cح\u200cم\u200cد'))).toBeGreaterThan(OTHER);
  });

  it('lay out a name mixing Arabic and Latin in the direction of its first letter', () => {
    expect(visualOrder(['محمد', ' ', 'Sniper'])).toEqual([2, 0]);
    expect(visualOrder(['Sniper', ' ', 'محمد'])).toEqual([0, 2]);
    expect(visualOrder(['محمد', ' (', 'WTH', ')'])).toEqual([3, 2, 1, 0]);
    expect(visualOrder(['✪', ' (WTH) ', 'Beard'])).toEqual([0, 1, 2]);
  });

  it('draw nothing for the isolate around a line', () => {
    expect(line('Beard')).toEqual(forced('Beard'));
  });
});
