import { describe, expect, it } from 'vitest';
import { LogParseError, listMatches, parseMatch } from '#lib/domain/logs/index.ts';
import { simulateMatch, writeLog } from '#lib/domain/logs/write/index.ts';
import { ALLIES, AXIS, FORMATS, comparable, standardMatch } from './sim-fixtures.ts';

const first = standardMatch(11, new Date('2025-03-08T19:00:00Z'));
const second = simulateMatch({
  seed: 12,
  start: new Date(first.lastEventTime + 20 * 60_000),
  durationMinutes: 75,
  map: 'PHL',
  allies: AXIS.slice(0, 50),
  axis: ALLIES.slice(0, 50),
  alliedScore: 1,
  axisScore: 4,
});
const events = [...first.events, ...second.events];

function caught(fn: () => unknown): LogParseError {
  try {
    fn();
  } catch (err) {
    if (err instanceof LogParseError) return err;
    throw err;
  }
  throw new Error('expected a LogParseError');
}

describe.each(FORMATS)('two matches in one %s file', (format) => {
  const text = writeLog(format, events);

  it('refuses to guess and lists both candidates', () => {
    const err = caught(() => parseMatch(text, { year: 2025 }));
    expect(err.code).toBe('MultipleMatches');
    expect(err.candidates).toEqual([
      { index: 0, start: '2025-03-08T19:00:00.000Z', end: '2025-03-08T20:30:00.000Z', map: 'Carentan', score: '3 - 2' },
      {
        index: 1,
        start: second.start.toISOString(),
        end: second.end.toISOString(),
        map: 'Purple Heart Lane',
        score: '1 - 4',
      },
    ]);
    expect(listMatches(text, { year: 2025 })).toEqual(err.candidates);
  });

  it('returns the selected match with the same statistics as when it is alone', () => {
    const alone = parseMatch(writeLog(format, second.events), { year: 2025 });
    const chosen = parseMatch(text, { year: 2025, match: 1 });
    expect(chosen.index).toBe(1);
    expect([chosen.map, chosen.duration, chosen.result, chosen.victor_side]).toEqual([
      'purpleheartlane',
      75,
      '4-1',
      'Axis',
    ]);
    expect(Object.keys(chosen.players)).toHaveLength(100);
    for (const id of Object.keys(alone.players)) {
      expect(comparable(chosen.players[id])).toEqual(comparable(alone.players[id]));
    }
    const firstMatch = parseMatch(text, { year: 2025, match: 0 });
    expect(firstMatch.index).toBe(0);
    expect(firstMatch.map).toBe('carentan');
  });

  it('rejects an index that does not exist', () => {
    const err = caught(() => parseMatch(text, { year: 2025, match: 2 }));
    expect(err.code).toBe('MatchIndexOutOfRange');
    expect(err.candidates).toHaveLength(2);
  });
});
