import { expect, test } from '@playwright/test';

// npm start serves the build through the site server: static files carry the headers, pages their policy, and
// nothing a page of the site runs trips it.
test('static files and pages carry the security headers, and pages run without policy violations', async ({
  page,
  request,
}) => {
  const icon = await request.get('/favicon.svg');
  expect(icon.headers()['x-content-type-options']).toBe('nosniff');
  expect(icon.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const response = await page.goto('/');
  expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self'( 'sha256-[^']+')*;/);
  expect(response?.headers()['content-type']).toBe('text/html; charset=utf-8');
  await page.goto('/api-docs');
  expect(violations).toEqual([]);
});
