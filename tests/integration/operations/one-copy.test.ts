import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SERVER = path.resolve(import.meta.dirname, '../../..', process.env['HSS_DIST'] ?? 'dist', 'server');

function builtModules(folder: string): string[] {
  return fs
    .readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.mjs'))
    .map((name) => fs.readFileSync(path.join(folder, name), 'utf8'));
}

describe('the built site', () => {
  // The process's app, caches and change feed are plain module state (src/lib/server/app.ts): a second copy of a
  // server module inside dist/ would hold a second, empty set of them.
  it("imports the server's modules from src/ instead of bundling a copy of them", () => {
    const modules = builtModules(SERVER);
    const imports = modules.flatMap((text) => [...text.matchAll(/from\s*["'](#lib\/server\/[^"']+)["']/g)]);
    expect(new Set(imports.map((match) => match[1]))).toContain('#lib/server/app.ts');
    expect(modules.filter((text) => /class HttpError\b/.test(text))).toEqual([]);
    expect(modules.filter((text) => text.includes('__hssApp'))).toEqual([]);
  });
});
