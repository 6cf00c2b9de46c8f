import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { operations } from '#lib/server/openapi/operations.ts';
import { allowedMethods, checkMethod } from '#lib/server/http/server/methods.ts';

const pages = path.resolve(import.meta.dirname, '../../../src/pages');

/** Every API route file as `METHOD /path/{param}`, from the files under src/pages/v2 and src/pages/v3. */
function routeFiles(): string[] {
  const found: string[] = [];
  for (const file of fs.readdirSync(pages, { recursive: true, encoding: 'utf8' })) {
    if (!/^v[23][/\\].*\.ts$/.test(file)) continue;
    const route = `/${file.replaceAll('\\', '/')}`
      .replace(/\.ts$/, '')
      .replace(/\/index$/, '')
      .replace(/\[(\w+)\]/g, '{$1}');
    const source = fs.readFileSync(path.join(pages, file), 'utf8');
    for (const [, method] of source.matchAll(/export const (GET|POST|PUT|PATCH|DELETE)\b/g))
      found.push(`${method} ${route}`);
  }
  return found.sort();
}

describe('the API route table (operations) that the method checks and the OpenAPI document use', () => {
  it('declares exactly the methods of every API route file', () => {
    const declared = operations.map((op) => `${op.method.toUpperCase()} ${op.path}`).sort();
    expect(declared).toEqual(routeFiles());
  });

  it('answers Allow from it: unknown API paths, OPTIONS and other methods', () => {
    expect(allowedMethods('/v3/series/S1/teams/ALPHA')).toEqual(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST']);
    expect(allowedMethods('/v3/series/S1/')).toEqual(['GET', 'HEAD', 'OPTIONS']);
    expect(allowedMethods('/teams')).toEqual(['GET', 'HEAD', 'OPTIONS']);
    expect(checkMethod('GET', '/v3/nope')).toEqual({ kind: 'unknown-route' });
    expect(checkMethod('GET', '/v2/users/@me/claims/x/y')).toEqual({ kind: 'unknown-route' });
    expect(checkMethod('TRACE', '/v2/users/@me/logout')).toEqual({ kind: 'not-allowed', allow: ['OPTIONS', 'POST'] });
    expect(checkMethod('POST', '/teams')).toEqual({ kind: 'not-allowed', allow: ['GET', 'HEAD', 'OPTIONS'] });
    expect(checkMethod('OPTIONS', '/v3/series')).toEqual({ kind: 'options', allow: ['GET', 'HEAD', 'OPTIONS'] });
    expect(checkMethod('HEAD', '/v3/series')).toBeUndefined();
    expect(checkMethod('PATCH', '/v2/tournaments/CUP')).toBeUndefined();
  });
});
