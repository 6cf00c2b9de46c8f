import { describe, expect, it } from 'vitest';
import { ordinal } from '#lib/domain/ordinal.ts';
import { internalHref, isSameOriginPath } from '#lib/domain/links.ts';
import { calculationStatusLabel, formatScore } from '#lib/domain/match-status.ts';
import { seriesRedirect } from '#lib/server/http/page-routes.ts';

describe('ordinal', () => {
  it.each([
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [4, '4th'],
    [11, '11th'],
    [12, '12th'],
    [13, '13th'],
    [21, '21st'],
    [22, '22nd'],
    [101, '101st'],
    [111, '111th'],
    [113, '113th'],
  ])('%i -> %s', (n, expected) => expect(ordinal(n)).toBe(expected));
});

describe('internal links', () => {
  const here = new URL('http://site/teams?series=S2&inactiveOnly=true');
  it('carry the current query string', () =>
    expect(internalHref('/statistics', here)).toBe('/statistics?series=S2&inactiveOnly=true'));
  it('let the link own parameters win', () =>
    expect(internalHref('/teams?series=S1', here)).toBe('/teams?inactiveOnly=true&series=S1'));
  it('keep fragments', () => expect(internalHref('/x#top', here)).toBe('/x?series=S2&inactiveOnly=true#top'));
  it('leave external links alone', () =>
    expect(internalHref('https://discord.gg/x', here)).toBe('https://discord.gg/x'));
  it('recognise same-origin paths', () => {
    expect(isSameOriginPath('/teams?x=1')).toBe(true);
    expect(isSameOriginPath('//evil.example')).toBe(false);
    expect(isSameOriginPath('/\\evil.example')).toBe(false);
    expect(isSameOriginPath('https://evil.example')).toBe(false);
  });
});

describe('series redirect', () => {
  it('adds the current series when missing or empty', () => {
    expect(seriesRedirect(new URL('http://s/teams?x=1'), 'S3')?.search).toBe('?x=1&series=S3');
    expect(seriesRedirect(new URL('http://s/teams?series='), 'S3')?.search).toBe('?series=S3');
  });
  it('keeps a chosen series', () => expect(seriesRedirect(new URL('http://s/?series=S1'), 'S3')).toBeUndefined());
  it('does nothing without any series', () => expect(seriesRedirect(new URL('http://s/'), undefined)).toBeUndefined());
});

describe('labels', () => {
  it.each([
    ['posted', 'Posted'],
    ['pending', 'Pending approval'],
    ['queued', 'Queued'],
    ['skipped', 'Friendly'],
    ['disputed', 'Disputed by opponent'],
    ['processing', 'Processing'],
    ['other', 'Processing'],
  ])('status %s -> %s', (status, label) => expect(calculationStatusLabel(status)).toBe(label));
  it('formats scores with 2 decimals or 0', () => {
    expect(formatScore(12.3456)).toBe('12.35');
    expect(formatScore(null)).toBe('0');
    expect(formatScore(undefined)).toBe('0');
  });
});
