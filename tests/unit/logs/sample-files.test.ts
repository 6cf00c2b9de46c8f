import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detectFormat, parseMatch } from '#lib/domain/logs/index.ts';
import { writeLog } from '#lib/domain/logs/write/index.ts';
import type { LogFormat } from '#lib/domain/logs/types.ts';
import { SAMPLE_FILES, sampleMatch } from './sample-fixture.ts';

const sim = sampleMatch();
const entries = Object.entries(SAMPLE_FILES) as [LogFormat, string][];
const read = (file: string): string => readFileSync(new URL(`../../fixtures/logs/${file}`, import.meta.url), 'utf8');

describe.each(entries)('sample fixture %s', (format, file) => {
  it('is exactly what the simulator and writer produce (regenerate it when they change)', () => {
    expect(read(file)).toBe(writeLog(format, sim.events));
  });

  it('is detected and parsed as one complete 5 vs 5 match', () => {
    const text = read(file);
    expect(detectFormat(text)).toBe(format);
    const m = parseMatch(text, { year: 2025 });
    expect([m.map, m.duration, m.result, m.victor_side, m.skipped_lines]).toEqual([
      'stmariedumont',
      20,
      '3-2',
      'Allies',
      0,
    ]);
    expect(Object.keys(m.players)).toHaveLength(10);
  });
});
