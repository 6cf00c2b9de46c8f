import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const cli = path.resolve(import.meta.dirname, '../../../src/cli/main.ts');
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'hss-progress-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

/** Runs the real CLI with its output on pipes (no terminal); resolves with its exit code, stdout and stderr. */
function hss(args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, [cli, ...args], { env: { ...process.env, DATABASE_URL: '', ...env } });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, out, err })));
}

/** The progress lines of one step: `<what>: <done>/<total> <unit> (<percent>%), <elapsed> s, <time left>`. */
function progressLines(err: string, what: string) {
  const pattern = new RegExp(`^${what}: ([\\d,.]+)/([\\d,.]+) (\\w+) \\((\\d+)%\\), ([\\d.]+) s, (.+)$`);
  return err
    .split('\n')
    .map((line) => pattern.exec(line))
    .filter((m) => m !== null)
    .map((m) => ({
      done: Number(m[1]!.replaceAll(',', '')),
      total: Number(m[2]!.replaceAll(',', '')),
      unit: m[3],
      elapsed: Number(m[5]),
      left: m[6]!,
    }));
}

describe('progress of a long command without a terminal', () => {
  it('hss demo seed writes plain lines every PROGRESS_SECONDS (what, how far, time spent and left) and each total', async () => {
    const { code, out, err } = await hss(['demo', 'seed', '--seed', '3', '--teams', '6', '--matches', '150'], {
      DATA_DIR: folder,
      PROGRESS_SECONDS: '0.2',
    });
    expect(code).toBe(0);
    expect(out).toMatch(/^Seeded the demo community: 3 series, 6 teams, \d+ players, 150 matches/m);
    // Plain text for a log: no cursor movements, no colours, no carriage returns.
    expect(err.includes('\u001b') || err.includes('\r')).toBe(false);

    // The new data folder, its migrations, then the seed's steps, each closed by its total.
    for (const [what, total] of [
      ['Creating the embedded database \\(PGlite\\)', /1 folder/],
      ['Migrating the database', /\d+ migrations/],
      ['Creating series, teams and users', /6 teams/],
      ['Writing matches', /150 matches/],
      ['Rating every series', /9 parts/],
    ] as const) {
      const lines = progressLines(err, what);
      expect(lines.length, what).toBeGreaterThanOrEqual(1);
      expect(lines[0]!.done, what).toBe(0);
      expect(err).toMatch(new RegExp(`^${what}: ${total.source} in [\\d.]+ s\\.$`, 'm'));
    }
    // A step that lasts is reported again and again as it goes, at the interval, with its time left once known.
    const writing = progressLines(err, 'Writing matches');
    expect(writing.length).toBeGreaterThanOrEqual(3);
    expect(writing.every((l) => l.total === 150 && l.unit === 'matches')).toBe(true);
    for (let i = 1; i < writing.length; i++) {
      expect(writing[i]!.done).toBeGreaterThanOrEqual(writing[i - 1]!.done);
      expect(writing[i]!.elapsed).toBeGreaterThanOrEqual(writing[i - 1]!.elapsed + 0.15);
    }
    expect(writing.at(-1)!.done).toBe(150);
    expect(writing.some((l) => /^about [\d.]+ s left$/.test(l.left))).toBe(true);
  }, 180_000);
});
