import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ISLANDS = path.resolve(import.meta.dirname, '../../../src/islands');

function sources(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.(tsx?|jsx?)$/.test(entry.name) ? [full] : [];
  });
}

/**
 * Islands are rendered on the server with renderToString (astro.config.mjs, docs/engineering.md "Islands"): it takes
 * no identifier prefix and sends Suspense fallbacks, so ids from useId would not match the hydrated ones.
 */
describe('island server render', () => {
  it('islands use neither useId nor Suspense', () => {
    const offenders = sources(ISLANDS).filter((file) => /\buseId\b|\bSuspense\b/.test(fs.readFileSync(file, 'utf8')));
    expect(offenders.map((file) => path.relative(ISLANDS, file))).toEqual([]);
  });
});
