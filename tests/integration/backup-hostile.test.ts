import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '#tests/helpers/database.ts';
import { startTestServer, type TestServer } from '#tests/helpers/server.ts';
import { createSeries } from '#lib/server/services/series.ts';
import { BackupError, restoreBackup, writeBackup } from '#lib/server/services/backup.ts';
import { noProgress } from '#lib/server/progress.ts';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'hss-hostile-backup-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

// The probe: a 612 KB gzip bomb crashed `hss restore` with a stack trace, and a line declaring 1 row but holding 3
// was restored (its trailer said 1 too).
describe.each(engines)('restoring a hostile backup on %s', (engine) => {
  let source: TestServer;
  let target: TestServer;
  let lines: string[];
  const write = (name: string, content: string | Buffer) => {
    const file = path.join(folder, `${engine}-${name}.hss.gz`);
    fs.writeFileSync(file, gzipSync(content));
    return file;
  };
  const restoresNothing = async () => expect(await target.db.selectFrom('series').select('id').execute()).toEqual([]);

  beforeAll(async () => {
    source = await startTestServer(engine);
    for (const tag of ['S1', 'S2', 'S3']) await createSeries(source.db, { tag, name: `Season ${tag}`, current: false });
    const file = path.join(folder, `${engine}-good.hss.gz`);
    await writeBackup(source.db, file);
    lines = gunzipSync(fs.readFileSync(file)).toString('utf8').split('\n');
    await source.close();
    target = await startTestServer(engine);
  });
  afterAll(() => target.close());

  it('refuses a gzip bomb with a message, reading no further than its limits', async () => {
    const endless = Buffer.concat([Buffer.from(`${lines[0]}\nseries\t1\t[`), Buffer.alloc(24 * 1024 * 1024, 0x20)]);
    const bomb = write('bomb', endless);
    expect(fs.statSync(bomb).size).toBeLessThan(100 * 1024);
    await expect(restoreBackup(target.db, bomb, noProgress, { maxLineBytes: 4 * 1024 * 1024 })).rejects.toThrow(
      /line longer than 4 MB: it is damaged or hostile/,
    );
    await expect(restoreBackup(target.db, bomb, noProgress, { maxBytes: 8 * 1024 * 1024 })).rejects.toThrow(
      /decompresses to more than 8 MB/,
    );
    await restoresNothing();
  });

  it('checks every line’s declared row count, so a line holding more rows than it says restores nothing', async () => {
    const index = lines.findIndex((line) => line.startsWith('series\t3\t'));
    expect(index).toBeGreaterThan(0);
    const lied = lines.map((line, i) => (i === index ? line.replace('series\t3\t', 'series\t1\t') : line));
    const trailer = lied.findIndex((line) => line.startsWith('{"end"'));
    lied[trailer] = lied[trailer]!.replace('"series":3', '"series":1');
    const error = await restoreBackup(target.db, write('count', lied.join('\n'))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackupError);
    expect((error as Error).message).toMatch(/series declares 1 rows but holds 3: nothing was restored/);
    await restoresNothing();
  });

  it('answers a damaged count, end marker or row with a message, never a crash', async () => {
    const index = lines.findIndex((line) => line.startsWith('series\t3\t'));
    const trailer = lines.findIndex((line) => line.startsWith('{"end"'));
    const variants: [string, string[], RegExp][] = [
      ['no count', lines.map((l, i) => (i === index ? l.replace('series\t3\t', 'series\tabc\t') : l)), /no row count/],
      ['no rows in trailer', lines.map((l, i) => (i === trailer ? '{"end":true}' : l)), /damaged end marker/],
      ['bad trailer', lines.map((l, i) => (i === trailer ? '{"end":true,"rows":{"series":"x"}}' : l)), /no row count/],
      [
        'bad rows',
        lines.map((l, i) => (i === index ? 'series\t1\t[{"id":"not a number"}]' : l)),
        /refuses|not a backup/,
      ],
    ];
    for (const [name, content, message] of variants) {
      const error = await restoreBackup(target.db, write(name.replace(/ /g, '-'), content.join('\n'))).catch(
        (e: unknown) => e,
      );
      expect([name, error instanceof BackupError, String((error as Error).message)]).toEqual([
        name,
        true,
        expect.stringMatching(message),
      ]);
      await restoresNothing();
    }
  });

  it('still restores the untouched backup', async () => {
    const rows = await restoreBackup(target.db, write('good-again', lines.join('\n')));
    expect(rows['series']).toBe(3);
  });
});
