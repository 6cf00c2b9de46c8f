import { describe, expect, it } from 'vitest';
import { parseMatch } from '#lib/domain/logs/index.ts';
import { samplePlayers, simulateMatch, writeLog } from '#lib/domain/logs/write/index.ts';
import { matchFacts, normaliseOverrides } from '#lib/server/services/ingestion/facts.ts';
import { HttpError } from '#lib/server/core/errors.ts';

function parsed(alliedScore: number, axisScore: number) {
  const players = samplePlayers(5, 8);
  const sim = simulateMatch({
    seed: 5,
    start: new Date('2026-02-02T20:00:00Z'),
    durationMinutes: 15,
    map: 'PHL',
    allies: players.slice(0, 4),
    axis: players.slice(4),
    alliedScore,
    axisScore,
    killsPerMinute: 2,
    chats: 0,
  });
  return parseMatch(writeLog('hlu-csv', sim.events));
}

function thrown(fn: () => unknown): HttpError {
  try {
    fn();
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected an HttpError');
}

describe('match facts', () => {
  it("takes the log's facts when nothing is overridden", () => {
    const facts = matchFacts(parsed(1, 4), {}, 'competitive');
    expect(facts).toEqual({
      map: 'purpleheartlane',
      date: new Date('2026-02-02T20:00:00Z'),
      duration: 15,
      result: '4-1',
      victor_side: 'Axis',
    });
  });

  it('applies overrides, resolving the map through the catalogue', () => {
    const overrides = normaliseOverrides({
      result: '5-0',
      map: 'Hill 400',
      date: new Date('2026-03-03T10:00:00Z'),
      victor_side: 'Allies',
      duration: 91,
    });
    expect(overrides).toEqual({
      result: '5-0',
      map: 'hill400',
      date: '2026-03-03T10:00:00.000Z',
      victor_side: 'Allies',
      duration: 91,
    });
    expect(matchFacts(parsed(1, 4), overrides, 'event')).toEqual({
      map: 'hill400',
      date: new Date('2026-03-03T10:00:00Z'),
      duration: 91,
      result: '5-0',
      victor_side: 'Allies',
    });
    expect(thrown(() => normaliseOverrides({ map: 'Atlantis' })).message).toBe("Unknown map 'Atlantis'");
  });

  it('allows any result for a friendly but only 5-0, 4-1, 3-2 with a winner otherwise', () => {
    const draw = parsed(2, 2);
    expect(matchFacts(draw, {}, 'friendly')).toMatchObject({ result: '2-2', victor_side: null });
    expect(thrown(() => matchFacts(draw, {}, 'competitive')).message).toMatch(/^The log's result is '2-2'/);
    expect(thrown(() => matchFacts(draw, { result: '3-2' }, 'competitive')).message).toMatch(
      /give the 'victor_side' field/,
    );
    expect(matchFacts(draw, { result: '3-2', victor_side: 'Axis' }, 'competitive')).toMatchObject({
      result: '3-2',
      victor_side: 'Axis',
    });
    expect(thrown(() => matchFacts(parsed(3, 2), { result: '2-0' }, 'event')).status).toBe(400);
  });
});
