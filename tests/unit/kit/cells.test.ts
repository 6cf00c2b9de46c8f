import { describe, expect, it } from 'vitest';
import { cell, cellText, formatNumberCell, plainCellHtml, rankText } from '#lib/kit/cells.ts';
import { formHtml, movementHtml } from '#lib/kit/badges.ts';

describe('cellText', () => {
  it('formats plain values', () => {
    expect(cellText('x')).toBe('x');
    expect(cellText(1234)).toBe('1,234');
    expect(cellText(1.23456)).toBe('1.23');
    expect(cellText(null)).toBe('–');
    expect(cellText(undefined)).toBe('–');
    expect(formatNumberCell(Number.NaN)).toBe('–');
  });
  it('reads typed cells as a person would', () => {
    expect(cellText(cell.team({ tag: '[7DR]', name: '7th Dragoons' }, '/teams/x'))).toBe('[7DR] 7th Dragoons');
    expect(cellText(cell.team({ tag: '[7DR]', name: '7th Dragoons' }, null, { showName: false }))).toBe('[7DR]');
    expect(cellText(cell.team({ tag: 'XYZ', name: null, registered: false }))).toBe('XYZ unregistered');
    expect(cellText(cell.date('2026-03-12T18:05:00Z'))).toBe('Mar 12, 2026');
    expect(cellText(cell.status('pending'))).toBe('Pending approval');
    expect(cellText(cell.status('whatever'))).toBe('Processing');
    expect(cellText(cell.rank(21, 'ranked'))).toBe('21st');
    expect(cellText(cell.rank(3, 'pending'))).toBe('pending');
    expect(cellText(cell.score(null))).toBe('0');
    expect(cellText(cell.score(12.345))).toBe('12.35');
    expect(cellText(cell.decimal(0.5, 3))).toBe('0.500');
    expect(cellText(cell.percent(0.625))).toBe('62.5%');
    expect(cellText(cell.side('Axis'))).toBe('Axis');
    expect(cellText(cell.side(null))).toBe('–');
    expect(cellText(cell.link('All', '/x'))).toBe('All');
  });
});

describe('rankText', () => {
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
    [111, '111th'],
    [112, '112th'],
    [101, '101st'],
  ])('rank %i is %s', (rank, text) => {
    expect(rankText(rank, 'ranked')).toBe(text);
  });
});

describe('formatNumberCell', () => {
  it('prints integers exactly as Intl does (they are written out without it)', () => {
    const intl = new Intl.NumberFormat('en', { maximumFractionDigits: 2 });
    const samples = [0, -0, 1, -1, 999, 1000, -1000, 12_345, 123_456, 1_234_567, -9_876_543_210, 999_999_999_999_999];
    for (let n = -20_000; n <= 20_000; n += 7) samples.push(n, n * 1001);
    for (const n of samples) expect([n, formatNumberCell(n)]).toEqual([n, intl.format(n)]);
  });
});

describe('the ladder badges', () => {
  it('prints the last results coloured, read out in words', () => {
    const html = formHtml(['W', 'L']);
    expect(html).toContain('<span class="outcome win">W</span><span class="outcome loss">L</span>');
    expect(html).toContain('<span class="visually-hidden">Last 2, newest first: won, lost</span>');
    expect(formHtml([])).toBe('<span class="muted">–</span>');
  });
  it('prints the movement since last week, or new, or nothing for a provisional team', () => {
    expect(movementHtml(2, true)).toContain('▲2');
    expect(movementHtml(2, true)).toContain('up 2 places since last week');
    expect(movementHtml(-1, true)).toContain('down 1 place since last week');
    expect(movementHtml(0, true)).toContain('movement same');
    expect(movementHtml(null, true)).toContain('new');
    expect(movementHtml(3, false)).toBe('');
  });
  it('keeps a result whole and coloured', () => {
    expect(plainCellHtml(cell.outcome(true, 'Won 5-0'))).toBe('<span class="outcome win">Won 5-0</span>');
    expect(plainCellHtml(cell.outcome(false, 'Lost 0-5'))).toBe('<span class="outcome loss">Lost 0-5</span>');
    expect(cellText(cell.outcome(null, '4-1'))).toBe('4-1');
  });
});
