import { afterEach, describe, expect, it } from 'vitest';
import { csrfFromDocumentCookie } from '#lib/client/api.ts';
import { csrfTokenFor } from '#lib/server/auth/csrf-token.ts';

const holder = globalThis as { document?: { cookie: string } };

describe('the CSRF token of a session', () => {
  afterEach(() => delete holder.document);

  it('is derived from the session token alone: stable, distinct per session, never the token itself', () => {
    expect(csrfTokenFor('session-a')).toBe(csrfTokenFor('session-a'));
    expect(csrfTokenFor('session-a')).not.toBe(csrfTokenFor('session-b'));
    expect(csrfTokenFor('session-a')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(csrfTokenFor('session-a')).not.toContain('session-a');
  });

  it('is read by the typed client from the __Host-csrf cookie (https) or the csrf_token cookie (http)', () => {
    holder.document = { cookie: 'theme=dark; __Host-csrf=abc%2Dd; other=1' };
    expect(csrfFromDocumentCookie()).toBe('abc-d');
    holder.document = { cookie: 'csrf_token=plain' };
    expect(csrfFromDocumentCookie()).toBe('plain');
    holder.document = { cookie: 'xcsrf_token=no' };
    expect(csrfFromDocumentCookie()).toBeUndefined();
  });
});
