/**
 * A PostCSS plugin for the build (astro.config.mjs): drops the open-props custom properties the site never reads.
 * The parts imported by src/styles/global.css define about 300 properties (every shade of eight colours, fluid
 * sizes, fonts, shadows) on the root element, of which the site uses a few dozen; each page would otherwise carry
 * them all inline and the browser resolve them for the root. Used means named in a `var(--name)` anywhere under
 * src/ (styles, components, islands, charts), or in the value of a used open-props property (--shadow-2 reads
 * --shadow-color and --shadow-strength-4): the closure of those. open-props stays the source of the values.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Declaration, PluginCreator } from 'postcss';

const OPEN_PROPS = `${path.sep}node_modules${path.sep}open-props${path.sep}`;
const SOURCE_FILE = /\.(astro|css|ts|tsx|mjs)$/;
const VAR_NAME = /var\(\s*(--[\w-]+)/g;

function sourceTexts(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => SOURCE_FILE.test(file))
    .map((file) => fs.readFileSync(path.join(dir, file), 'utf8'));
}

/** The names `var()` reads in the site's sources. */
export function namesReadIn(srcDir: string): Set<string> {
  const names = new Set<string>();
  for (const text of sourceTexts(srcDir)) for (const m of text.matchAll(VAR_NAME)) names.add(m[1]!);
  return names;
}

/**
 * The plugin. The used set grows while the stylesheet is walked: an open-props property kept for its name keeps the
 * properties its value reads, so the walk repeats until nothing more is kept.
 */
export const pruneOpenProps: PluginCreator<{ srcDir: string }> = (options) => {
  const srcDir = options?.srcDir ?? path.resolve('src');
  return {
    postcssPlugin: 'prune-open-props',
    Once(root) {
      const fromOpenProps: Declaration[] = [];
      root.walkDecls(/^--/, (decl) => {
        if (decl.source?.input.file?.includes(OPEN_PROPS)) fromOpenProps.push(decl);
      });
      if (fromOpenProps.length === 0) return;
      const used = namesReadIn(srcDir);
      for (let grown = true; grown;) {
        grown = false;
        for (const decl of fromOpenProps) {
          if (!used.has(decl.prop)) continue;
          for (const m of decl.value.matchAll(VAR_NAME)) {
            if (!used.has(m[1]!)) {
              used.add(m[1]!);
              grown = true;
            }
          }
        }
      }
      for (const decl of fromOpenProps) if (!used.has(decl.prop)) decl.remove();
      // Rules and media blocks left empty (a dark-scheme shadow tweak nobody reads) go too.
      root.walkRules((rule) => {
        if (rule.nodes.length === 0) rule.remove();
      });
      root.walkAtRules('media', (media) => {
        if (media.nodes?.length === 0) media.remove();
      });
    },
  };
};
pruneOpenProps.postcss = true;
