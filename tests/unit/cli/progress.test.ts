import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { terminalProgress } from '#cli/progress.ts';

/** A stream that keeps what is written; `tty` makes it look like a terminal 100 columns wide. */
function capture(tty: boolean): { stream: NodeJS.WriteStream; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  }) as unknown as NodeJS.WriteStream;
  Object.assign(stream, { isTTY: tty, columns: 100 });
  return { stream, text: () => chunks.join('') };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('terminal progress', () => {
  it('on a terminal redraws one line in place with a bar, how far and the time left, then prints the total', async () => {
    const { stream, text } = capture(true);
    const step = terminalProgress({ stream, intervalMs: 1000 }).step('Writing matches', 40, 'matches');
    await sleep(600);
    step.advance(10);
    await sleep(600);
    step.advance(10);
    await sleep(600);
    step.end();
    const out = text();
    // Drawn with cursor movements and line clearing (cli-progress), never one line per update.
    expect(out).toContain('\u001b[');
    expect(out).toMatch(/Writing matches [█░]{24} 10\/40 matches \(25%\), [\d.]+ s, about [\d.]+ s left/);
    expect(out).toMatch(/Writing matches █{12}░{12} 20\/40 matches \(50%\)/);
    expect(out).toMatch(/Writing matches: 20 matches in [\d.]+ s\.\n$/);
    expect(out.split('\n')).toHaveLength(2);
  });

  it('elsewhere writes a plain line at the start, one per interval while the step goes on, and the total', async () => {
    const { stream, text } = capture(false);
    const step = terminalProgress({ stream, intervalMs: 200 }).step('Backing up', 1000, 'rows');
    step.advance(100);
    await sleep(450);
    step.advance(400);
    await sleep(100);
    step.end();
    const lines = text().trimEnd().split('\n');
    expect(lines[0]).toBe('Backing up: 0/1,000 rows (0%), 0.0 s, time left unknown yet');
    // The timer's lines while nothing moved, then the one the next advance was due for.
    expect(lines.slice(1, -1).length).toBeGreaterThanOrEqual(2);
    expect(lines.slice(1, -1).every((l) => /^Backing up: (100|500)\/1,000 rows \(\d+%\), 0\.\d s, /.test(l))).toBe(
      true,
    );
    expect(lines.at(-1)).toMatch(/^Backing up: 500 rows in 0\.\d s\.$/);
    expect(text()).not.toContain('\u001b');
  });
});
