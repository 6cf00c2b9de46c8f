import { describe, expect, it } from 'vitest';
import {
  capturedSector,
  formatClock,
  lastSecond,
  nextRow,
  nextScore,
  parseClock,
  rowsFromFlips,
  validateCapFlips,
  type CapFlipRow,
} from '#lib/matches/cap-flips.ts';

const row = (time: string, side: string, score: string): CapFlipRow => ({ time, side, score });

describe('cap flip times', () => {
  it('reads minutes:seconds or whole minutes and writes m:ss', () => {
    expect(parseClock('12:30')).toBe(750);
    expect(parseClock(' 7 ')).toBe(420);
    expect(parseClock('0:05')).toBe(5);
    for (const bad of ['', '12:3', '12:60', '-1:00', '1.5', 'ten']) expect(parseClock(bad)).toBeUndefined();
    expect(formatClock(750)).toBe('12:30');
    expect(formatClock(65.4)).toBe('1:05');
    expect(formatClock(0)).toBe('0:00');
  });
  it('allows half a minute past the rounded duration; no duration means no limit but six hours', () => {
    expect(lastSecond(45)).toBe(45 * 60 + 30);
    expect(lastSecond(0)).toBe(6 * 3600);
  });
});

describe('scores', () => {
  it('gives the capturing side one more sector: from the neutral middle first, then from the other side', () => {
    expect(nextScore('2-2', 'Allies')).toBe('3-2');
    expect(nextScore('2-2', 'Axis')).toBe('2-3');
    expect(nextScore('3-2', 'Axis')).toBe('2-3');
    expect(nextScore('4-1', 'Allies')).toBe('5-0');
    expect(nextScore('5-0', 'Allies')).toBeUndefined();
  });
  it('names the sector a capture took, counted from the left (or top) HQ', () => {
    // Allies on the left: Allies' third sector is the middle; Axis' third from the right is the middle too.
    expect(capturedSector('Allies', { side: 'Allies', new_score: '3-2' })).toBe(2);
    expect(capturedSector('Allies', { side: 'Allies', new_score: '5-0' })).toBe(4);
    expect(capturedSector('Allies', { side: 'Axis', new_score: '1-4' })).toBe(1);
    expect(capturedSector('Axis', { side: 'Axis', new_score: '1-4' })).toBe(3);
    expect(capturedSector('Allies', { side: 'Axis', new_score: 'x' })).toBeUndefined();
  });
});

describe('validateCapFlips', () => {
  it('accepts a consistent match and answers the flips in time order', () => {
    const rows = [row('30:00', 'Allies', '3-2'), row('5:00', 'Allies', '3-2'), row('12:10', 'Axis', '2-3')];
    // In time order: 5:00 Allies 3-2, 12:10 Axis 2-3, 30:00 Allies 3-2.
    expect(validateCapFlips(rows, 45)).toEqual({
      ok: true,
      flips: [
        { at: 300, side: 'Allies', new_score: '3-2' },
        { at: 730, side: 'Axis', new_score: '2-3' },
        { at: 1800, side: 'Allies', new_score: '3-2' },
      ],
      // The row of the last flip in time: the first typed.
      last: 0,
    });
    expect(validateCapFlips([], 45)).toEqual({ ok: true, flips: [], last: -1 });
  });

  it('refuses times outside the match or unreadable, with the allowed span in words', () => {
    const checked = validateCapFlips([row('46:00', 'Allies', '3-2'), row('soon', 'Axis', '2-3')], 45);
    expect(checked).toEqual({
      ok: false,
      errors: [
        { time: 'Must be within the match, from 0:00 to 45:30' },
        { time: 'Enter the time into the match as minutes:seconds, such as 12:30' },
      ],
    });
  });

  it('refuses a side other than Allies or Axis and scores that do not read or do not add up to 5', () => {
    const checked = validateCapFlips(
      [row('1:00', 'Nobody', '3-2'), row('2:00', 'Axis', '3-3'), row('3:00', 'Axis', '6-0'), row('4:00', 'Axis', '')],
      45,
    );
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors[0]).toEqual({ side: 'Choose Allies or Axis' });
    expect(checked.errors[1]).toEqual({ score: 'The two counts of a score must add up to 5' });
    expect(checked.errors[2]).toEqual({ score: 'Enter the score after the capture, Allies first, such as 3-2' });
    expect(checked.errors[3]).toEqual({ score: 'Enter the score after the capture, Allies first, such as 3-2' });
  });

  it('refuses a score that does not follow from the one before it by a capture of its side', () => {
    const checked = validateCapFlips(
      [
        row('5:00', 'Allies', '3-2'),
        row('9:00', 'Allies', '2-3'),
        row('20:00', 'Axis', '1-4'),
        row('25:00', 'Axis', '0-5'),
      ],
      45,
    );
    expect(checked).toEqual({
      ok: false,
      errors: [
        {},
        // The score says Axis gained: a capture by Allies after 3-2 makes 4-1.
        { score: 'After 3-2, a capture by Allies makes 4-1' },
        // Checked against the score typed before it (2-3): Axis capturing makes 1-4, as typed.
        {},
        {},
      ],
    });
    const full = validateCapFlips([row('1:00', 'Allies', '3-2'), row('2:00', 'Allies', '4-1')], 45);
    expect(full.ok).toBe(true);
    const over = validateCapFlips(
      [
        row('1:00', 'Allies', '3-2'),
        row('2:00', 'Allies', '4-1'),
        row('3:00', 'Allies', '5-0'),
        row('4:00', 'Allies', '5-0'),
      ],
      45,
    );
    expect(over.ok ? [] : over.errors[3]).toEqual({ score: 'At 5-0 Allies already holds every sector' });
  });

  it('leaves a row out of the order while its time is wrong, so that the rows after it are not blamed', () => {
    const checked = validateCapFlips([row('99:00', 'Axis', '2-3'), row('20:00', 'Allies', '3-2')], 45);
    expect(checked.ok ? [] : checked.errors).toEqual([{ time: 'Must be within the match, from 0:00 to 45:30' }, {}]);
  });

  it('blames no row for an unreadable score before it', () => {
    const checked = validateCapFlips([row('1:00', 'Allies', 'x'), row('2:00', 'Axis', '2-3')], 45);
    expect(checked.ok ? [] : checked.errors).toEqual([
      { score: 'Enter the score after the capture, Allies first, such as 3-2' },
      {},
    ]);
  });
});

describe('form rows', () => {
  it('start from the stored flips in time order and add the next capture by the other side', () => {
    const rows = rowsFromFlips([
      { at: 900, side: 'Axis', new_score: '2-3' },
      { at: 300, side: 'Allies', new_score: '3-2' },
    ]);
    expect(rows).toEqual([row('5:00', 'Allies', '3-2'), row('15:00', 'Axis', '2-3')]);
    expect(nextRow(rows)).toEqual(row('16:00', 'Allies', '3-2'));
    expect(nextRow([])).toEqual(row('5:00', 'Allies', '3-2'));
  });
});
