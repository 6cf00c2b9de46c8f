import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secureHandler } from '#lib/server/http/server/site-server.ts';
import { buildInlineScripts } from '#lib/server/http/server/inline-scripts.ts';

const ENTRY = path.resolve(import.meta.dirname, '../../..', process.env['HSS_DIST'] ?? 'dist', 'server/entry.mjs');

// The policy must let Astro's island runtime and client directives run (islands hydrate) and nothing else that
// got into a page: a real browser enforces it on a page carrying both.
describe('the HTML Content-Security-Policy in a real browser', () => {
  let server: http.Server;
  let browser: Browser;
  let base: string;
  beforeAll(async () => {
    const trusted = buildInlineScripts(ENTRY);
    const page = [
      '<!doctype html><html lang="en"><head><title>CSP</title>',
      ...trusted.map((body) => `<script>${body}</script>`),
      '</head><body><h1>Islands</h1>',
      '<script>window.injected = true</script>',
      '<img alt="" src="/missing.png" onerror="window.handler = true">',
      '<a id="js" href="javascript:window.clicked = true">x</a>',
      '</body></html>',
    ].join('');
    // Written the way Astro's node adapter writes pages: the head with the type, then the body in chunks.
    const handler: http.RequestListener = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write(page.slice(0, 100));
      res.end(page.slice(100));
    };
    server = http.createServer(secureHandler(handler, { inlineScripts: trusted }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await chromium.launch({
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    });
  });
  afterAll(async () => {
    await browser?.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('runs the island runtime and every client directive, and blocks injected scripts and handlers', async () => {
    const page = await browser.newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    const response = await page.goto(`${base}/`);
    expect(response?.headers()['content-type']).toBe('text/html; charset=utf-8');
    await page.locator('#js').click();
    const state = await page.evaluate(() => {
      const w = window as unknown as Record<string, unknown> & { Astro?: Record<string, unknown> };
      return {
        island: customElements.get('astro-island') !== undefined,
        directives: Object.keys(w.Astro ?? {}).sort(),
        injected: w['injected'] ?? false,
        handler: w['handler'] ?? false,
        clicked: w['clicked'] ?? false,
      };
    });
    expect(state).toEqual({
      island: true,
      // Custom directives of the site come on top of Astro's own.
      directives: expect.arrayContaining(['idle', 'load', 'media', 'only', 'visible']),
      injected: false,
      handler: false,
      clicked: false,
    });
    expect(violations.length).toBeGreaterThanOrEqual(3);
    await page.close();
  });
});
