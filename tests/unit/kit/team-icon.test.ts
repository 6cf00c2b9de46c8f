import { describe, expect, it } from 'vitest';
import { ICON_TONES, iconTone, iconUrl, initials } from '#lib/kit/team-icon.ts';
import { parseConfig } from '#lib/server/config.ts';

const RESIZER = 'https://media.discordapp.net';

describe('iconUrl', () => {
  it('moves a Discord CDN image to the resizing host with width and height, keeping signed parameters', () => {
    const icon = 'https://cdn.discordapp.com/attachments/1/2/logo.png?ex=65&is=66&hm=abc';
    expect(iconUrl(icon, 48, RESIZER)).toBe(
      'https://media.discordapp.net/attachments/1/2/logo.png?ex=65&is=66&hm=abc&width=48&height=48',
    );
    expect(iconUrl('https://cdn.discordapp.com/icons/9/a.webp', 24, 'https://img.example.org')).toBe(
      'https://img.example.org/icons/9/a.webp?width=24&height=24',
    );
  });
  it('only sizes a Discord image when no resizing host is configured', () => {
    expect(iconUrl('https://cdn.discordapp.com/icons/9/a.png?width=512', 24, null)).toBe(
      'https://cdn.discordapp.com/icons/9/a.png?width=24&height=24',
    );
  });
  it('leaves other http(s) images alone and refuses anything else', () => {
    expect(iconUrl('https://example.org/logo.png', 48, RESIZER)).toBe('https://example.org/logo.png');
    expect(iconUrl('https://notdiscordapp.com.evil.org/x.png', 48, RESIZER)).toBe(
      'https://notdiscordapp.com.evil.org/x.png',
    );
    for (const bad of ['javascript:alert(1)', 'data:image/png;base64,AAAA', 'not a url', '', null, undefined]) {
      expect(iconUrl(bad, 48, RESIZER)).toBeNull();
    }
  });
});

describe('initials', () => {
  it.each([
    ['[7DR]', '7D'],
    ['ab.c', 'AB'],
    ['Ω-x', 'ΩX'],
    ['[]', '?'],
    ['é', 'É'],
  ])('%s -> %s', (tag, expected) => {
    expect(initials(tag)).toBe(expected);
  });
});

describe('iconTone', () => {
  it('is stable per tag and within range', () => {
    const tags = Array.from({ length: 200 }, (_, i) => `[T${i}]`);
    const tones = tags.map(iconTone);
    expect(tones.every((t) => t >= 1 && t <= ICON_TONES)).toBe(true);
    expect(new Set(tones).size).toBe(ICON_TONES);
    expect(iconTone('[7DR]')).toBe(iconTone('[7DR]'));
  });
});

describe('ICON_RESIZE_URL', () => {
  it('defaults to Discord media proxy, keeps only the origin, and can be turned off', () => {
    expect(parseConfig({}).iconResizeUrl).toBe('https://media.discordapp.net');
    expect(parseConfig({ ICON_RESIZE_URL: 'https://img.example.org/resize/' }).iconResizeUrl).toBe(
      'https://img.example.org',
    );
    expect(parseConfig({ ICON_RESIZE_URL: '' }).iconResizeUrl).toBeNull();
  });
  it('refuses a value that is not an http(s) URL, naming the variable', () => {
    expect(() => parseConfig({ ICON_RESIZE_URL: 'ftp://x' })).toThrow(/ICON_RESIZE_URL/);
  });
});
