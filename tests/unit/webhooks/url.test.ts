import { describe, expect, it } from 'vitest';
import { maskWebhookUrl, parseWebhookUrl } from '#lib/domain/webhooks/url.ts';
import { backoffMs } from '#lib/server/services/webhooks/delivery.ts';

const id = '123456789012345678';
const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz_0123456789-abcdefghijklmnopqrstuvwxyz0123';

describe('webhook addresses', () => {
  it.each([
    `https://discord.com/api/webhooks/${id}/${token}`,
    `https://discordapp.com/api/webhooks/${id}/${token}`,
    `https://ptb.discord.com/api/webhooks/${id}/${token}`,
    `https://canary.discord.com/api/v10/webhooks/${id}/${token}/`,
    `  https://discord.com/api/webhooks/${id}/${token}  `,
  ])('accepts %s', (url) => {
    const parsed = parseWebhookUrl(url);
    expect(parsed).toMatchObject({ id, hint: token.slice(-4) });
    expect(parsed!.url).toMatch(new RegExp(`/webhooks/${id}/${token}$`));
  });

  it.each([
    `http://discord.com/api/webhooks/${id}/${token}`,
    `https://discord.com:8443/api/webhooks/${id}/${token}`,
    `https://evil.example/api/webhooks/${id}/${token}`,
    `https://discord.com.evil.example/api/webhooks/${id}/${token}`,
    `https://user:pw@discord.com/api/webhooks/${id}/${token}`,
    `https://discord.com/api/webhooks/${id}/${token}?thread_id=1`,
    `https://discord.com/api/webhooks/${id}/${token}#x`,
    `https://discord.com/api/webhooks/${id}`,
    `https://discord.com/api/webhooks/12345/${token}`,
    `https://discord.com/api/webhooks/${id}/short`,
    `https://discord.com/api/webhooks/${id}/${token}/extra`,
    `https://discord.com/api/users/${id}/${token}`,
    'not a url',
  ])('refuses %s', (url) => expect(parseWebhookUrl(url)).toBeUndefined());

  it('accepts only the configured base when one is set (tests, a proxy)', () => {
    const base = 'http://127.0.0.1:9999/api/webhooks';
    expect(parseWebhookUrl(`${base}/${id}/${token}`, base)?.url).toBe(`${base}/${id}/${token}`);
    expect(parseWebhookUrl(`https://discord.com/api/webhooks/${id}/${token}`, base)).toBeUndefined();
    expect(parseWebhookUrl(`http://127.0.0.1:9998/api/webhooks/${id}/${token}`, base)).toBeUndefined();
  });

  it('masks an address to its host, id and the last 4 characters of the token', () => {
    const parsed = parseWebhookUrl(`https://discord.com/api/webhooks/${id}/${token}`)!;
    const masked = maskWebhookUrl(parsed.url, parsed.id, parsed.hint);
    expect(masked).toBe(`discord.com/…/webhooks/${id}/…0123`);
    expect(masked).not.toContain(token.slice(0, -4));
  });
});

describe('delivery backoff', () => {
  it('doubles from the base per failed attempt, up to 15 minutes', () => {
    expect([1, 2, 3, 4].map((n) => backoffMs(n, 2000))).toEqual([2000, 4000, 8000, 16000]);
    expect(backoffMs(30, 2000)).toBe(15 * 60_000);
  });
});
