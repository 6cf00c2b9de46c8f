import { describe, expect, it } from 'vitest';
import { parseLog } from '#lib/domain/logs/index.ts';
import { makeLog } from '#tests/integration/ingestion/fixtures.ts';

/** Text fields of the events holding a control character (besides a chat message's line breaks) or a lone surrogate. */
function badTexts(log: ReturnType<typeof parseLog>): string[] {
  return (
    log.events
      .flatMap((event) => Object.values(event).filter((v): v is string => typeof v === 'string'))
      // eslint-disable-next-line no-control-regex -- looking for exactly these
      .filter((t) => /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(t) || !t.isWellFormed())
  );
}

describe('parsed log text has control characters and unpaired surrogates replaced', () => {
  it('replaces a raw NUL and other C0 characters inside a player name (CSV)', () => {
    const original = makeLog('hlu-csv', { seed: 3 });
    const name = /"player_join_server","([^"]+)"/.exec(original)![1]!;
    const log = parseLog(original.replaceAll(name, 'Nu\u0000ll\u0007\u000b'));
    expect(log.events.some((e) => e.player_name === 'Nu\uFFFDll\uFFFD\uFFFD')).toBe(true);
    expect(badTexts(log)).toEqual([]);
  });

  it('replaces escaped \\u0000 and lone surrogates inside a JSON log', () => {
    const original = makeLog('hlu-json', { seed: 3 });
    const name = /"player_name": ?"([^"]+)"/.exec(original)![1]!;
    const log = parseLog(original.replaceAll(`"${name}"`, '"A\\u0000B\\ud800C"'));
    expect(log.events.some((e) => e.player_name === 'A\uFFFDB\uFFFDC')).toBe(true);
    expect(badTexts(log)).toEqual([]);
  });
});
