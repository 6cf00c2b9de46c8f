import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LogParseError, listMatches, parseLog, parseMatch } from '#lib/domain/logs/index.ts';
import { samplePlayers, simulateMatch, writeLog } from '#lib/domain/logs/write/index.ts';
import type { LogFormat } from '#lib/domain/logs/types.ts';
import { FORMATS } from './sim-fixtures.ts';

// A small match keeps each property run fast while holding every line kind.
const players = samplePlayers(9, 12, { eosShare: 0.3 });
const sim = simulateMatch({
  seed: 99,
  start: new Date('2025-12-31T23:40:00Z'),
  durationMinutes: 30,
  map: 'SMDM',
  allies: players.slice(0, 6),
  axis: players.slice(6),
  alliedScore: 2,
  axisScore: 3,
  killsPerMinute: 2,
  chats: 6,
});
const TEXTS = new Map<LogFormat, string>(FORMATS.map((f) => [f, writeLog(f, sim.events)]));

/** Runs every entry point; returns 'ok' or the error code; anything but LogParseError propagates. */
function attempt(text: string, format?: LogFormat): string {
  const options = format ? { format, year: 2025 } : { year: 2025 };
  try {
    parseLog(text, options);
    listMatches(text, options);
    const m = parseMatch(text, options);
    expect(m.duration).toBeGreaterThanOrEqual(0);
    return 'ok';
  } catch (err) {
    if (err instanceof LogParseError) return err.code;
    throw err;
  }
}

const mangle = (lines: string[]) =>
  fc.oneof(
    fc.shuffledSubarray(lines, { minLength: 0, maxLength: lines.length }),
    fc
      .array(fc.integer({ min: 0, max: lines.length - 1 }), { maxLength: 60 })
      .map((ix) => ix.map((i) => lines[i] ?? '')),
    fc
      .tuple(fc.integer({ min: 0, max: lines.length - 1 }), fc.nat(200))
      .map(([i, cut]) => lines.map((l, j) => (j >= i ? l.slice(0, cut) : l))),
    fc
      .tuple(fc.nat(lines.length), fc.string({ unit: 'binary', maxLength: 80 }))
      .map(([i, junk]) => [...lines.slice(0, i), junk, ...lines.slice(i)]),
  );

describe('robustness: only LogParseError ever escapes', () => {
  it('sanity: the unmangled small logs parse', () => {
    for (const [format, text] of TEXTS) expect(attempt(text, format)).toBe('ok');
  });

  it('random text and random bytes', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 400 }),
        fc.constantFrom(undefined, ...FORMATS),
        (text, format) => {
          expect(typeof attempt(text, format)).toBe('string');
        },
      ),
      { numRuns: 400 },
    );
  });

  it.each(FORMATS)('mangled %s logs: shuffled, duplicated, truncated lines and injected bytes', (format) => {
    const lines = (TEXTS.get(format) ?? '').split('\n');
    fc.assert(
      fc.property(mangle(lines), fc.boolean(), (mangled, withFormat) => {
        expect(typeof attempt(mangled.join('\n'), withFormat ? format : undefined)).toBe('string');
      }),
      { numRuns: 150 },
    );
  });

  it.each(FORMATS)('%s log cut at any character', (format) => {
    const text = TEXTS.get(format) ?? '';
    fc.assert(
      fc.property(fc.nat(text.length), (cut) => {
        expect(typeof attempt(text.slice(0, cut), format)).toBe('string');
      }),
      { numRuns: 150 },
    );
  });

  it('single-character edits in the JSON export', () => {
    const text = TEXTS.get('hlu-json') ?? '';
    fc.assert(
      fc.property(fc.nat(text.length - 1), fc.string({ unit: 'binary', minLength: 1, maxLength: 3 }), (at, junk) => {
        const edited = text.slice(0, at) + junk + text.slice(at + 1);
        expect(['ok', 'InvalidJson', 'NoCompleteMatch', 'UnknownFormat', 'EmptyLog']).toContain(attempt(edited));
      }),
      { numRuns: 150 },
    );
  });
});
