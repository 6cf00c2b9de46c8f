import { describe, expect, it } from 'vitest';
import {
  calculationStatusLabel,
  formatCount,
  formatDate,
  formatDateTime,
  formatDecimal,
  formatDuration,
  formatPercent,
  formatRelative,
  formatScore,
  formatSigned,
  mapDisplayName,
  ordinal,
  statusTone,
} from '#lib/format/index.ts';

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
    [112, '112th'],
    [113, '113th'],
  ])('%i -> %s', (n, expected) => expect(ordinal(n)).toBe(expected));
});

describe('calculation status', () => {
  it.each([
    ['posted', 'Posted', 'success'],
    ['pending', 'Pending approval', 'warning'],
    ['queued', 'Queued', 'info'],
    ['skipped', 'Friendly', 'neutral'],
    ['disputed', 'Disputed by opponent', 'danger'],
    ['processing', 'Processing', 'info'],
    ['other', 'Processing', 'info'],
  ])('%s -> %s', (status, label, tone) => {
    expect(calculationStatusLabel(status)).toBe(label);
    expect(statusTone(status)).toBe(tone);
  });
});

describe('numbers', () => {
  it('formats scores with 2 decimals or 0', () => {
    expect(formatScore(12.3456)).toBe('12.35');
    expect(formatScore(-0.5)).toBe('-0.50');
    expect(formatScore(null)).toBe('0');
    expect(formatScore(undefined)).toBe('0');
    expect(formatScore(Number.NaN)).toBe('0');
  });
  it('formats counts, decimals, shares and changes', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatDecimal(1.005, 1)).toBe('1.0');
    expect(formatDecimal(null)).toBe('–');
    expect(formatPercent(0.625)).toBe('62.5%');
    expect(formatPercent(Number.POSITIVE_INFINITY)).toBe('–');
    expect(formatSigned(1.254)).toBe('+1.25');
    expect(formatSigned(-0.4)).toBe('\u22120.40');
    expect(formatSigned(-0.001)).toBe('0.00');
  });
});

describe('dates', () => {
  it('shows dates in UTC as Mar 12, 2026', () => {
    expect(formatDate('2026-03-12T23:30:00Z')).toBe('Mar 12, 2026');
    expect(formatDateTime(new Date('2026-03-12T08:05:00Z'))).toBe('Mar 12, 2026, 08:05 UTC');
  });
  it('shows durations in hours and minutes', () => {
    expect(formatDuration(45.2)).toBe('45 min');
    expect(formatDuration(92)).toBe('1 h 32 min');
    expect(formatDuration(120)).toBe('2 h');
  });
  it('says how long ago, then the date after 30 days', () => {
    const now = new Date('2026-03-31T12:00:00Z');
    expect(formatRelative('2026-03-31T11:59:30Z', now)).toBe('just now');
    expect(formatRelative('2026-03-31T11:55:00Z', now)).toBe('5 minutes ago');
    expect(formatRelative('2026-03-31T11:00:00Z', now)).toBe('1 hour ago');
    expect(formatRelative('2026-03-28T12:00:00Z', now)).toBe('3 days ago');
    expect(formatRelative('2026-02-01T12:00:00Z', now)).toBe('Feb 1, 2026');
  });
});

describe('maps', () => {
  it('names catalogue maps and keeps unknown ids', () => {
    expect(mapDisplayName('carentan')).toBe('Carentan');
    expect(mapDisplayName('nowhere')).toBe('nowhere');
  });
});
