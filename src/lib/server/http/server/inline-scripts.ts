import { createHash } from 'node:crypto';
import fs from 'node:fs';
import islandRuntime from 'astro/runtime/server/astro-island.prebuilt.js';

/*
 * The inline scripts an Astro build can put into a page: the island runtime (<astro-island>), the script of each
 * client directive (client:idle, client:visible and custom ones) and the component scripts Astro inlined. Their
 * hashes are the only inline scripts the Content-Security-Policy allows, so a <script> that got into a page any
 * other way (an injection) does not run, and a new island or directive is allowed by the next build.
 */

/** The manifest the build serialised into its server entry (`deserializeManifest({...})`), the parts used here. */
interface BuildManifest {
  clientDirectives?: [string, string][];
  inlinedScripts?: [string, string][];
}

function readManifest(entryFile: string): BuildManifest {
  const source = fs.readFileSync(entryFile, 'utf8');
  const start = source.indexOf('deserializeManifest({');
  const end = start === -1 ? -1 : source.indexOf('\n', start);
  const literal = start === -1 ? '' : source.slice(start + 'deserializeManifest('.length, end).replace(/\);?\s*$/, '');
  try {
    return JSON.parse(literal) as BuildManifest;
  } catch {
    throw new Error(`Cannot read the build manifest from ${entryFile}: the inline script policy cannot be made`);
  }
}

/** The inline scripts the build at `entryFile` (dist/server/entry.mjs) may emit, in a stable order. */
export function buildInlineScripts(entryFile: string): string[] {
  const manifest = readManifest(entryFile);
  const directives = (manifest.clientDirectives ?? []).map(([, code]) => code);
  const inlined = (manifest.inlinedScripts ?? []).map(([, code]) => code);
  return [...new Set([islandRuntime, ...directives, ...inlined])];
}

/** The CSP source of a script body: 'sha256-<base64>' (without quotes). */
export function scriptHash(body: string): string {
  return `sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}`;
}
