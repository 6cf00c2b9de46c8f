import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { openApiDocument } from '#lib/server/openapi/document.ts';
import { reportFieldsSchema } from '#lib/schemas/report.ts';

type Doc = {
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components: { securitySchemes: Record<string, { type: string; scheme?: string; in?: string; name?: string }> };
};
const doc = openApiDocument() as unknown as Doc;
const PAGES = path.resolve(import.meta.dirname, '../../../src/pages');

/** Every API route file under src/pages/v2 and v3 as `METHOD /path/{param}` (parameter names aside). */
function routes(): string[] {
  const out: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith('.ts')) {
        const route = path
          .relative(PAGES, file)
          .replace(/\.ts$/, '')
          .replace(/(^|\/)index$/, '')
          .replace(/\[[^\]]+\]/g, '{}');
        for (const [, method] of readFileSync(file, 'utf8').matchAll(/^export const (GET|POST|PUT|PATCH|DELETE)\b/gm))
          out.push(`${method} /${route}`);
      }
    }
  };
  walk(path.join(PAGES, 'v2'));
  walk(path.join(PAGES, 'v3'));
  return out.sort();
}

const documented = new Set(
  Object.entries(doc.paths).flatMap(([route, methods]) =>
    Object.keys(methods).map((method) => `${method.toUpperCase()} ${route.replace(/\{[^}]+\}/g, '{}')}`),
  ),
);

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document (the whole of it)', async () => {
    const result = await new Validator().validate(openApiDocument());
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('describes every route under src/pages/v2 and src/pages/v3', () => {
    const all = routes();
    expect(all.length).toBeGreaterThan(40);
    expect(all.filter((route) => !documented.has(route))).toEqual([]);
  });

  it('puts the team API key and the session cookie with its CSRF header on every write', () => {
    expect(doc.components.securitySchemes).toMatchObject({
      teamApiKey: { type: 'http', scheme: 'bearer' },
      sessionCookie: { type: 'apiKey', in: 'cookie', name: 'hss_session' },
      csrfToken: { type: 'apiKey', in: 'header', name: 'X-CSRF-Token' },
    });
    for (const [route, methods] of Object.entries(doc.paths))
      for (const [method, operation] of Object.entries(methods))
        if (method !== 'get')
          expect(operation['security'], `${method} ${route}`).toEqual([
            { teamApiKey: [] },
            { sessionCookie: [], csrfToken: [] },
          ]);
  });

  it('describes the report call: every multipart field, the data JSON, 201 and every refusal with its code', () => {
    const report = doc.paths['/v2/matches/serverlog']!['post']!;
    const body = (report['requestBody'] as { content: Record<string, { schema: Record<string, unknown> }> }).content[
      'multipart/form-data'
    ]!.schema as { required: string[]; properties: Record<string, Record<string, unknown>> };
    expect(body.required).toEqual(['data', 'file']);
    expect(Object.keys(body.properties).sort()).toEqual(
      ['data', 'file', ...Object.keys(reportFieldsSchema.shape)].sort(),
    );
    expect(body.properties['data']).toMatchObject({
      contentMediaType: 'application/json',
      contentSchema: { type: 'object', required: ['teams', 'kind'] },
    });
    expect(body.properties['date']).toMatchObject({ format: 'date-time' });
    const responses = report['responses'] as Record<string, { description: string }>;
    expect(Object.keys(responses).sort()).toEqual(['201', '400', '401', '403', '409', '413', '429', '503']);
    expect(responses['200']).toBeUndefined();
    for (const status of ['400', '401', '403', '409', '413', '429', '503'])
      expect(responses[status]!.description, status).toMatch(/code: [A-Z]/);
    expect(responses['409']!.description).toContain('ReportSameGame');
    expect(responses['400']!.description).toContain('MultipleMatches');
  });
});
