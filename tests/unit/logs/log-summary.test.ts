import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { summariseLog } from '#lib/domain/logs/log-summary.ts';
import { makeTxt } from './txt-fixture.ts';

const example = (ext: string) =>
  readFileSync(new URL(`../../fixtures/hll/hlu-example-logs.${ext}`, import.meta.url), 'utf8');
const now = Date.parse('2026-11-29T00:37:00Z');

describe('what the report form shows of a log before sending it', () => {
  it.each(['csv', 'json', 'txt'])("reads HLU's %s export: map, result, date and players per side", (ext) => {
    expect(summariseLog(example(ext), now)).toEqual({
      map: 'Carentan',
      result: '3-2',
      date: '2024-05-12T19:02:14.000Z',
      allies: 2,
      axis: 2,
    });
  });

  it("dates a text export from its weekday as the report does ('Fri, Dec 27' is 2024)", () => {
    expect(summariseLog(makeTxt('2024-12-27T19:00:00Z'), now)?.date).toMatch(/^2024-12-27T19:/);
  });

  it('says nothing of a file that is no log', () => {
    expect(summariseLog('hello', now)).toBeUndefined();
  });
});
