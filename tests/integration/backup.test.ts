import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '#tests/helpers/database.ts';
import { startTestServer, type TestServer } from '#tests/helpers/server.ts';
import { seedDemo } from '#lib/server/services/demo/seed.ts';
import { BackupError, restoreBackup, writeBackup } from '#lib/server/services/backup.ts';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'hss-backup-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

/** Every public read the site offers on the demo, by address, with the body each answers. */
async function apiAnswers(server: TestServer): Promise<Map<string, string>> {
  const answers = new Map<string, string>();
  const get = async (address: string) => {
    const response = await server.fetch(address);
    const body = await response.text();
    answers.set(address, `${response.status} ${body}`);
    return JSON.parse(body) as unknown;
  };
  const series = (await get('/v3/series')) as { tag: string }[];
  for (const { tag } of series) {
    const base = `/v3/series/${tag}`;
    await get(base);
    await get(`${base}/statistics`);
    const teams = (await get(`${base}/teams?limit=100`)) as { tag: string }[];
    await get(`${base}/teams?inactiveOnly=true`);
    for (const team of teams.slice(0, 3)) {
      await get(`${base}/teams/${encodeURIComponent(team.tag)}`);
      await get(`${base}/teams/${encodeURIComponent(team.tag)}/players`);
    }
    const { matches } = (await get(`${base}/matches?limit=100`)) as { matches: { id: number }[] };
    for (const match of matches.slice(0, 3)) await get(`${base}/matches/${match.id}`);
    const players = (await get(`${base}/players?query=a`)) as { steamId: string }[];
    for (const player of players.slice(0, 3)) await get(`${base}/players/${player.steamId}`);
  }
  await get('/v2/tournaments');
  return answers;
}

/** A backup's content without its creation time, for comparing two backups of the same data. */
function backupBody(file: string): string {
  const [, ...rest] = gunzipSync(fs.readFileSync(file)).toString('utf8').split('\n');
  return rest.join('\n');
}

describe.each(engines)('backup from %s', (sourceEngine) => {
  let source: TestServer;
  let answers: Map<string, string>;
  const file = path.join(folder, `demo-${sourceEngine}.hss.gz`);
  beforeAll(async () => {
    source = await startTestServer(sourceEngine);
    await seedDemo(source.db, { seed: 11, teams: 6, matches: 20 });
    answers = await apiAnswers(source);
    const rows = await writeBackup(source.db, file);
    expect(rows['matches']).toBe(20);
  }, 300_000);
  afterAll(() => source.close());

  it('leaves no partial file behind and refuses a database that holds rows', async () => {
    expect(fs.existsSync(`${file}.partial`)).toBe(false);
    await expect(restoreBackup(source.db, file)).rejects.toThrow(/not empty \(rows in .*matches/);
  });

  it.each(engines)(
    'restores into an empty %s database: every API answer and every row equal',
    async (target) => {
      const restored = await startTestServer(target);
      try {
        const rows = await restoreBackup(restored.db, file);
        expect(rows['player_match_stats']).toBeGreaterThan(100);
        expect(rows['player_match_details']).toBe(rows['player_match_stats']);
        const again = await apiAnswers(restored);
        expect([...again.keys()]).toEqual([...answers.keys()]);
        for (const [address, body] of answers) expect(again.get(address), address).toBe(body);
        // Stored logs (bytea), jsonb documents and doubles come back bit for bit: a second backup is identical.
        const second = path.join(folder, `again-${sourceEngine}-${target}.hss.gz`);
        await writeBackup(restored.db, second);
        expect(backupBody(second)).toBe(backupBody(file));
        // Sequences moved past the restored ids: a new row gets a fresh id instead of a key conflict.
        const series = await restored.db
          .insertInto('series')
          .values({ tag: 'NEW', name: 'New' })
          .returning('id')
          .executeTakeFirstOrThrow();
        const highest = await restored.db
          .selectFrom('series')
          .select((eb) => eb.fn.max('id').as('max'))
          .where('tag', '!=', 'NEW')
          .executeTakeFirstOrThrow();
        expect(series.id).toBeGreaterThan(Number(highest.max));
      } finally {
        await restored.close();
      }
    },
    300_000,
  );

  it('refuses a cut-off or foreign file and restores nothing from it', async () => {
    const lines = gunzipSync(fs.readFileSync(file)).toString('utf8').split('\n');
    const cut = path.join(folder, `cut-${sourceEngine}.hss.gz`);
    fs.writeFileSync(cut, gzipSync(lines.slice(0, Math.ceil(lines.length / 2)).join('\n')));
    const foreign = path.join(folder, `foreign-${sourceEngine}.gz`);
    fs.writeFileSync(foreign, gzipSync('{"hello":"world"}\n'));
    const notGzip = path.join(folder, `plain-${sourceEngine}.txt`);
    fs.writeFileSync(notGzip, 'not a backup');
    const target = await startTestServer(sourceEngine);
    try {
      await expect(restoreBackup(target.db, cut)).rejects.toThrow(/cut off/);
      expect(await target.db.selectFrom('matches').select('id').execute()).toEqual([]);
      await expect(restoreBackup(target.db, foreign)).rejects.toThrow(BackupError);
      await expect(restoreBackup(target.db, notGzip)).rejects.toThrow(/not a backup/);
      await expect(restoreBackup(target.db, path.join(folder, 'missing.gz'))).rejects.toThrow(/No such file/);
    } finally {
      await target.close();
    }
  }, 300_000);
});
