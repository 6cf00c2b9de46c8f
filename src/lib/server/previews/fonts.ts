import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { woffToSfnt } from './woff.ts';

const require = createRequire(import.meta.url);

/** The fonts every image is drawn with: Inter from its registry package (TrueType, which resvg reads). */
export const BASE_FONTS = [
  require.resolve('@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf'),
  require.resolve('@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf'),
];

/**
 * The fallback fonts for names Inter cannot draw, from the npm registry (@fontsource, regular weight): Hebrew, Arabic,
 * symbols and dingbats ('✪'), emoji (Noto Emoji, in outline), Chinese and Japanese (Noto Sans SC holds the kana too). Each package is cut into subsets by Unicode range; only the subsets
 * holding a character of the image are loaded (a CJK name needs a few of Noto Sans SC's hundred, ~40 KB each).
 */
const FALLBACKS = [
  'noto-sans-hebrew',
  'noto-sans-arabic',
  'noto-sans-symbols-2',
  'noto-emoji',
  'noto-sans-sc',
] as const;

/** Below this every character is Latin, Greek or Cyrillic, which Inter draws. */
const INTER_COVERS_BELOW = 0x0530;

/** Bidirectional marks, embeddings and isolates (draw.ts isolates each line): they steer layout, none is drawn. */
const BIDI_CONTROLS = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

interface Subset {
  /** The subset's WOFF file in the package. */
  file: string;
  ranges: [number, number][];
}

let subsets: Subset[] | undefined;

/** Every fallback subset with its code point ranges, read once from the packages' unicode.json. */
function fallbackSubsets(): Subset[] {
  if (subsets) return subsets;
  subsets = FALLBACKS.flatMap((name) => {
    const unicode = require(`@fontsource/${name}/unicode.json`) as Record<string, string>;
    return Object.entries(unicode).map(([key, list]) => ({
      file: require.resolve(`@fontsource/${name}/files/${name}-${key.replace(/^\[(\d+)\]$/, '$1')}-400-normal.woff`),
      ranges: list.split(',').map((range): [number, number] => {
        const [from = '0', to] = range.trim().replace(/^U\+/i, '').split('-');
        return [parseInt(from, 16), parseInt(to ?? from, 16)];
      }),
    }));
  });
  return subsets;
}

/**
 * The fallback subsets whose range holds `codePoint`. A range is the one the package's CSS declares, wider than what
 * the font draws (Noto Sans Symbols 2's 'symbols' range spans emoji it has no glyph for), so every candidate is
 * loaded and resvg takes the one with the glyph.
 */
function subsetsFor(codePoint: number): Subset[] {
  return fallbackSubsets().filter((s) => s.ranges.some(([from, to]) => codePoint >= from && codePoint <= to));
}

// Converted once per process and version of the packages, in a folder of their own: resvg reads fonts from files.
const folder = path.join(os.tmpdir(), `hss-preview-fonts-${process.getuid?.() ?? 'user'}`);
const converted = new Map<string, string>();

/** The TrueType file of a subset's WOFF, converted on first use (written whole, then renamed into place). */
function truetypeOf(woff: string): string {
  const known = converted.get(woff);
  if (known) return known;
  const stat = fs.statSync(woff);
  const target = path.join(folder, `${path.basename(woff, '.woff')}-${stat.size}-${Math.round(stat.mtimeMs)}.ttf`);
  if (!fs.existsSync(target)) {
    fs.mkdirSync(folder, { recursive: true });
    const partial = `${target}.${process.pid}.part`;
    fs.writeFileSync(partial, woffToSfnt(fs.readFileSync(woff)));
    fs.renameSync(partial, target);
  }
  converted.set(woff, target);
  return target;
}

/** The text an SVG document shows: its character data with the markup and entities resolved. */
export function svgText(svg: string): string {
  return svg
    .replace(/<[^>]*>/g, '')
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)));
}

/**
 * The font files to draw `text` with: Inter, then the fallback subsets holding its characters that Inter lacks
 * (none for a Latin, Greek or Cyrillic text).
 */
export function fontFilesFor(text: string): string[] {
  const files = new Set<string>();
  for (const char of text) {
    const codePoint = char.codePointAt(0) ?? 0;
    if (codePoint < INTER_COVERS_BELOW || BIDI_CONTROLS.test(char)) continue;
    for (const subset of subsetsFor(codePoint)) files.add(subset.file);
  }
  return [...BASE_FONTS, ...[...files].map(truetypeOf)];
}
