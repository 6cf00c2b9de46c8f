import { describe, expect, it } from 'vitest';
import { LogParseError, detectFormat, listMatches, parseMatch } from '#lib/domain/logs/index.ts';
import type { LogParseErrorCode } from '#lib/domain/logs/index.ts';
import { writeLog } from '#lib/domain/logs/write/index.ts';
import { standardMatch } from './sim-fixtures.ts';

function codeOf(fn: () => unknown): LogParseErrorCode {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(LogParseError);
    expect((err as Error).message.length).toBeGreaterThan(10);
    return (err as LogParseError).code;
  }
  throw new Error('expected a LogParseError');
}

const sim = standardMatch(3);
const rcon = writeLog('rcon', sim.events);
const lines = rcon.split('\n');

describe('LogParseError codes', () => {
  it('EmptyLog for empty or blank text, whatever the format', () => {
    expect(codeOf(() => parseMatch(''))).toBe('EmptyLog');
    expect(codeOf(() => parseMatch(' \n\t\r\n'))).toBe('EmptyLog');
    expect(codeOf(() => parseMatch('\uFEFF', { format: 'hlu-csv' }))).toBe('EmptyLog');
    expect(codeOf(() => detectFormat('   '))).toBe('EmptyLog');
  });

  it('UnknownFormat for text in no known format', () => {
    expect(codeOf(() => parseMatch('hello world\nthis is not a log'))).toBe('UnknownFormat');
    expect(codeOf(() => listMatches('<html><body>nope</body></html>'))).toBe('UnknownFormat');
  });

  it('InvalidJson for a broken JSON export', () => {
    expect(codeOf(() => parseMatch('{"start_time": "2024-05-12T19:02:11+00:00", "logs": ['))).toBe('InvalidJson');
    expect(codeOf(() => parseMatch('{"logs": 5}'))).toBe('InvalidJson');
  });

  it('NoCompleteMatch when MATCH START or MATCH ENDED is missing', () => {
    const noEnd = lines.filter((l) => !l.includes('] MATCH ENDED')).join('\n');
    const noStart = lines.filter((l) => !l.includes('] MATCH START')).join('\n');
    expect(codeOf(() => parseMatch(noEnd))).toBe('NoCompleteMatch');
    expect(codeOf(() => parseMatch(noStart))).toBe('NoCompleteMatch');
    expect(listMatches(noEnd)).toEqual([]);
    expect(codeOf(() => parseMatch('-- Captured and exported using HLL Log Utilities v2.2.15'))).toBe(
      'NoCompleteMatch',
    );
  });

  it('MultipleMatches with candidates when a file holds two matches and none is chosen', () => {
    const twice = writeLog('rcon', [
      ...sim.events,
      ...standardMatch(4, new Date(sim.lastEventTime + 3_600_000)).events,
    ]);
    expect(codeOf(() => parseMatch(twice))).toBe('MultipleMatches');
    try {
      parseMatch(twice);
    } catch (err) {
      expect((err as LogParseError).candidates?.map((c) => c.index)).toEqual([0, 1]);
    }
  });

  it('MatchIndexOutOfRange for a missing, negative or fractional index', () => {
    expect(codeOf(() => parseMatch(rcon, { match: 1 }))).toBe('MatchIndexOutOfRange');
    expect(codeOf(() => parseMatch(rcon, { match: -1 }))).toBe('MatchIndexOutOfRange');
    expect(codeOf(() => parseMatch(rcon, { match: 0.5 }))).toBe('MatchIndexOutOfRange');
    expect(parseMatch(rcon, { match: 0 }).result).toBe('3-2');
  });

  it('counts unreadable lines instead of failing', () => {
    const mangled = [lines[0], 'garbage line', '[5 sec (17)] KILL: nobody -> nothing', ...lines.slice(1)].join('\n');
    const m = parseMatch(mangled);
    expect(m.skipped_lines).toBe(2);
    expect(Object.keys(m.players)).toHaveLength(100);
  });
});
