import { describe, expect, it } from 'vitest';
import { csvRecords } from '#lib/domain/csv.ts';
import { validateResultRecords } from '#lib/server/services/import/rows.ts';
import { importKey } from '#lib/server/services/import/results.ts';

// Pure parts of the result import (kept next to the import's database tests).
describe('result files', () => {
  it('reads quoted values with commas, quotes and newlines, CRLF and a BOM, with record line numbers', () => {
    const text = '\ufeffa,b,c\r\n"x, y","say ""hi""",3\r\n\r\n"multi\nline",,"end"\n';
    expect(csvRecords(text)).toEqual([
      { line: 1, values: ['a', 'b', 'c'] },
      { line: 2, values: ['x, y', 'say "hi"', '3'] },
      { line: 4, values: ['multi\nline', '', 'end'] },
    ]);
    expect(() => csvRecords('a,b\n"open,1\n')).toThrow(/Line 2/);
  });

  it('accepts the columns in any order and case, and reports missing ones', () => {
    const ok = validateResultRecords(
      csvRecords('Map,TYPE,result,loser,winner,date\nFoy,competitive,3-2,B,A,2025-02-01 21:00\n'),
    );
    expect(ok.errors).toEqual([]);
    expect(ok.rows).toEqual([
      {
        line: 2,
        date: new Date('2025-02-01T21:00:00Z'),
        winner: 'A',
        loser: 'B',
        result: '3-2',
        type: 'competitive',
        map: 'foy',
        tournament: null,
      },
    ]);
    expect(validateResultRecords(csvRecords('date,winner,loser\n')).errors).toEqual([
      { line: 1, message: 'the header lacks the column(s) result, type, map' },
    ]);
    expect(
      validateResultRecords(csvRecords('date,winner,loser,result,type,map\n2025-01-01,A,B,2-3,friendly,foy,extra\n'))
        .errors,
    ).toEqual([{ line: 2, message: "expected 6 values, got 7; result '2-3' must have the winner first" }]);
  });

  it('keys a result by its natural key, ignoring tag case', () => {
    const row = { date: new Date('2025-01-01T00:00:00Z'), winner: '[7DR]', loser: 'abc', result: '4-1', map: 'foy' };
    expect(importKey('S1', row)).toBe(importKey('s1', { ...row, winner: '[7dr]', loser: 'ABC' }));
    expect(importKey('S1', row)).not.toBe(importKey('S1', { ...row, result: '5-0' }));
  });
});
