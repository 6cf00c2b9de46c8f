import { describe, expect, it } from 'vitest';
import { parseLog, parseMatch } from '#lib/domain/logs/index.ts';
import { writeLog } from '#lib/domain/logs/write/index.ts';
import { comparable, standardMatch } from './sim-fixtures.ts';

// MATCH START 2025-12-31 23:10 UTC, MATCH ENDED 2026-01-01 00:40 UTC.
const sim = standardMatch(5, new Date('2025-12-31T23:10:00Z'));
const text = writeLog('hlu-txt', sim.events);

describe('hlu-txt log crossing New Year', () => {
  it('has no year in its lines (the parser must roll over)', () => {
    expect(text).toContain('23:10:00 - Wed, Dec 31\tMATCH STARTED');
    expect(text).toContain('00:40:00 - Thu, Jan 01\tMATCH ENDED');
  });

  it('rolls the year over at the Dec 31 -> Jan 01 crossing', () => {
    const m = parseMatch(text, { year: 2025 });
    expect(m.start).toBe('2025-12-31T23:10:00.000Z');
    expect(m.end).toBe('2026-01-01T00:40:00.000Z');
    expect(m.duration).toBe(90);
    expect(m.skipped_lines).toBe(0);
  });

  it('keeps every event time equal to the simulated one', () => {
    const times = parseLog(text, { year: 2025 }).events.map((e) => e.time);
    const expected = sim.events.filter((e) => e.type !== 'other').map((e) => e.time);
    expect(times).toEqual(expected);
  });

  it('gives the same player statistics as the RCON log (which carries epochs)', () => {
    const fromTxt = parseMatch(text, { year: 2025 });
    const fromRcon = parseMatch(writeLog('rcon', sim.events));
    for (const id of Object.keys(fromRcon.players)) {
      expect(comparable(fromTxt.players[id])).toEqual(comparable(fromRcon.players[id]));
    }
  });
});
