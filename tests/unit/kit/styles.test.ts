/**
 * The token rules of ui.md ("One look everywhere"), checked over the sources: every custom property used is
 * defined (by the tokens, the open-props parts imported, or the component itself), media queries use only the
 * breakpoints of src/styles/tokens.css, and component styles use no raw colours.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

function filesUnder(dir: string, extensions: string[]): string[] {
  const full = path.join(root, dir);
  if (!fs.existsSync(full)) return [];
  return fs
    .readdirSync(full, { recursive: true, encoding: 'utf8' })
    .filter((f) => extensions.some((e) => f.endsWith(e)))
    .map((f) => path.join(dir, f));
}

const sources = ['src/components', 'src/layouts', 'src/pages', 'src/islands', 'src/styles'].flatMap((d) =>
  filesUnder(d, ['.astro', '.css', '.tsx']),
);
const global = read('src/styles/global.css');
const openPropsParts = [...global.matchAll(/@import '(open-props\/[a-z-/]+)'/g)].map((m) => m[1] ?? '');

/** The CSS file an `open-props/<part>` import resolves to, through the package's exports. */
function openPropsFile(specifier: string): string {
  const pkg = JSON.parse(read('node_modules/open-props/package.json')) as { exports: Record<string, unknown> };
  const target = pkg.exports[`./${specifier.slice('open-props/'.length)}`];
  if (typeof target !== 'string') throw new Error(`open-props has no ${specifier}`);
  return path.join('node_modules/open-props', target);
}

/** The CSS of a file (a .css file, or the <style> blocks of a component), comments removed. */
function styleText(file: string): string {
  const text = read(file);
  const css = file.endsWith('.css')
    ? text
    : [...text.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('\n');
  return css.replace(/\/\*[\s\S]*?\*\//g, '');
}

describe('styles', () => {
  it('import only open-props parts, in layers, after the layer order', () => {
    expect(global.trimStart().startsWith('/*')).toBe(true);
    expect(global).toMatch(/@layer reset, tokens, base, components, utilities;/);
    expect(global.indexOf('@layer reset')).toBeLessThan(global.indexOf('@import'));
    expect(openPropsParts.length).toBeGreaterThan(3);
    expect(openPropsParts).not.toContain('open-props/style');
    // The whole of open-props (every colour, gradient and animation) must not come in through another door.
    const wholeImports = [...sources, ...filesUnder('src', ['.ts'])].filter((f) =>
      /['"]open-props\/style['"]/.test(read(f)),
    );
    expect(wholeImports).toEqual([]);
    for (const line of global.split('\n').filter((l) => l.startsWith('@import')))
      expect(line).toMatch(/ layer\(\w+\);$/);
  });

  it('declare the layer order before using a layer, since any stylesheet may load first', () => {
    const order = /@layer reset, tokens, base, components, utilities;/;
    const early: string[] = [];
    for (const file of sources.filter((f) => f !== 'src/styles/global.css')) {
      const css = styleText(file);
      const first = css.search(/@layer \w+\s*\{/);
      if (first >= 0 && !order.test(css.slice(0, first))) early.push(file);
    }
    expect(early).toEqual([]);
  });

  it('define every custom property they use', () => {
    const defined = new Set<string>();
    const texts = [
      ...openPropsParts.map((part) => read(openPropsFile(part))),
      ...sources.map(read),
      ...filesUnder('src/lib', ['.ts']).map(read),
    ];
    for (const text of texts) for (const m of text.matchAll(/(--[\w-]+)\s*:/g)) defined.add(m[1] ?? '');
    const missing: string[] = [];
    for (const file of sources) {
      for (const m of read(file).matchAll(/var\(\s*(--[\w-]+)\s*(,)?/g)) {
        const name = m[1] ?? '';
        if (!m[2] && !defined.has(name)) missing.push(`${file}: ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('use only the breakpoints of the tokens in media queries', () => {
    const tokens = read('src/styles/tokens.css');
    const breakpoints = new Set([...tokens.matchAll(/--breakpoint-[\w-]+:\s*([\d.]+rem)/g)].map((m) => m[1]));
    expect(breakpoints.size).toBe(3);
    const wrong: string[] = [];
    for (const file of sources) {
      for (const m of styleText(file).matchAll(/@media[^{]*/g)) {
        for (const size of (m[0] ?? '').matchAll(/([\d.]+(?:rem|px|em))/g)) {
          if (!breakpoints.has(size[1])) wrong.push(`${file}: ${m[0].trim()}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('keep raw colours out of components (tokens only)', () => {
    // A hex colour, not an id selector that starts like one ('#add-player').
    const raw: string[] = [];
    for (const file of sources.filter((f) => !f.startsWith('src/styles'))) {
      for (const m of styleText(file).matchAll(/#[0-9a-fA-F]{3,8}(?![\w-])|\b(?:rgba?|hsla?|oklch|lab)\(/g)) {
        raw.push(`${file}: ${m[0]}`);
      }
    }
    expect(raw).toEqual([]);
  });
});
