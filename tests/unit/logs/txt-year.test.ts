import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { firstTxtStamp, weekdayIn, yearOfWeekday } from '#lib/domain/logs/txt-year.ts';
import { txtYear } from '#lib/server/services/ingestion/prepare.ts';
import { makeTxt } from './txt-fixture.ts';

const hluExample = readFileSync(new URL('../../fixtures/hll/hlu-example-logs.txt', import.meta.url), 'utf8');
const at = (iso: string) => new Date(iso).getTime();

describe("the year of an HLU text export's weekday", () => {
  it("reads the first stamped line of HLU's own export (Sun, May 12)", () => {
    expect(firstTxtStamp(hluExample)).toEqual({
      weekday: 0,
      month: 4,
      day: 12,
      seconds: 19 * 3600 + 2 * 60 + 11,
      text: 'Sun, May 12',
    });
  });

  it('chooses the most recent year whose date falls on that weekday and is not after the upload', () => {
    const stamp = firstTxtStamp(hluExample)!;
    // 12 May was a Sunday in 2024 (and 2019, 2030): uploaded in 2026 it is 2024.
    expect(yearOfWeekday(stamp, at('2026-11-29T00:00:00Z'))).toBe(2024);
    // Uploaded the same evening, a minute after its first line: that very day.
    expect(yearOfWeekday(stamp, at('2024-05-12T19:03:00Z'))).toBe(2024);
    // Uploaded a second before its first line: the Sunday 12 May before that.
    expect(yearOfWeekday(stamp, at('2024-05-12T19:02:10Z'))).toBe(2019);
  });

  it("dates the December 2024 log that became a match a month in the future in 2024 ('Fri, Dec 27')", () => {
    const text = makeTxt('2024-12-27T19:00:00Z');
    const stamp = firstTxtStamp(text)!;
    expect(stamp.text).toBe('Fri, Dec 27');
    expect(yearOfWeekday(stamp, at('2026-11-29T00:37:00Z'))).toBe(2024);
    expect(weekdayIn(stamp, 2026)).toBe(0);
  });

  it('refuses a given year that contradicts the weekday, naming both; takes one that agrees', () => {
    const text = makeTxt('2024-12-27T19:00:00Z');
    expect(() => txtYear(text, undefined, 2026, at('2026-11-29T00:00:00Z'))).toThrow(
      "The log's first line is dated 'Fri, Dec 27', but in 2026 that day is a Sunday, not a Friday",
    );
    expect(txtYear(text, 'hlu-txt', 2024, at('2026-11-29T00:00:00Z'))).toBe(2024);
    expect(txtYear(text, undefined, undefined, at('2026-11-29T00:00:00Z'))).toBe(2024);
  });

  it('leaves the other formats alone', () => {
    expect(txtYear('{"logs": []}', undefined, 2031, at('2026-11-29T00:00:00Z'))).toBe(2031);
    expect(txtYear('{"logs": []}', undefined, undefined, at('2026-11-29T00:00:00Z'))).toBeUndefined();
  });

  it('refuses a 29 February in a year without one', () => {
    const text = makeTxt('2024-02-29T19:00:00Z');
    expect(() => txtYear(text, 'hlu-txt', 2025, at('2026-11-29T00:00:00Z'))).toThrow(/a day that 2025 does not have/);
    expect(txtYear(text, 'hlu-txt', undefined, at('2026-11-29T00:00:00Z'))).toBe(2024);
  });
});
