import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedDataFolder } from '#tests/helpers/pglite-template.ts';
import { sql } from 'kysely';
import { engines, createTestDatabase } from '#tests/helpers/database.ts';
import type { DatabaseHandle } from '#lib/server/db/connect.ts';
import { connectDatabase } from '#lib/server/db/connect.ts';
import { DataFolderLockedError } from '#lib/server/db/folder-lock.ts';

const TABLES = [
  'audit_log',
  'log_uploads',
  'matches',
  'oauth_states',
  'player_aliases',
  'player_match_details',
  'player_match_stats',
  'player_percentiles',
  'player_skills',
  'players',
  'profile_claims',
  'rating_history',
  'series',
  'series_statistics',
  'sessions',
  'team_api_keys',
  'team_managers',
  'team_previous_tags',
  'team_ratings',
  'team_registration_requests',
  'teams',
  'tournaments',
  'user_roles',
  'users',
];

describe.each(engines)('database on %s', (engine) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase(engine);
  });
  afterAll(() => handle.close());

  it('creates every table of the schema', async () => {
    const rows = await sql<{
      table_name: string;
    }>`select table_name from information_schema.tables where table_schema = 'public'`.execute(handle.db);
    const names = rows.rows.map((r) => r.table_name);
    for (const table of TABLES) expect(names).toContain(table);
  });

  it('returns counts as numbers on both engines', async () => {
    await handle.db.insertInto('series').values({ tag: 'C1', name: 'Count' }).execute();
    const row = await handle.db
      .selectFrom('series')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(typeof row.n).toBe('number');
  });

  it('round-trips jsonb and bytea', async () => {
    const bytes = new Uint8Array([0, 1, 2, 255, 10, 13]);
    await handle.db
      .insertInto('log_uploads')
      .values({
        sha256: 'abc',
        path: 'x/abc',
        filename: 'a.txt',
        format: null,
        size_bytes: 6,
        content: bytes,
        uploaded_by_user_id: null,
        uploaded_by_team_id: null,
      })
      .execute();
    const row = await handle.db
      .selectFrom('log_uploads')
      .select('content')
      .where('sha256', '=', 'abc')
      .executeTakeFirstOrThrow();
    expect([...row.content]).toEqual([...bytes]);
    await handle.db
      .insertInto('series_statistics')
      .values({
        series_id: (await handle.db.selectFrom('series').select('id').executeTakeFirstOrThrow()).id,
        data: JSON.stringify({ a: [1, 'ü'] }),
      })
      .execute();
    const stats = await handle.db.selectFrom('series_statistics').select('data').executeTakeFirstOrThrow();
    expect(stats.data).toEqual({ a: [1, 'ü'] });
  });

  it('rolls back a failed transaction without touching a concurrent one', async () => {
    const failing = handle.db.transaction().execute(async (trx) => {
      await trx.insertInto('series').values({ tag: 'RB1', name: 'rolled back' }).execute();
      await new Promise((r) => setTimeout(r, 20));
      throw new Error('boom');
    });
    const succeeding = handle.db.transaction().execute(async (trx) => {
      await trx.insertInto('series').values({ tag: 'OK1', name: 'kept' }).execute();
    });
    await expect(failing).rejects.toThrow('boom');
    await succeeding;
    const tags = (await handle.db.selectFrom('series').select('tag').execute()).map((r) => r.tag);
    expect(tags).toContain('OK1');
    expect(tags).not.toContain('RB1');
  });
});

describe('PGlite data folder lock', () => {
  const folder = migratedDataFolder('hss-lock-');
  afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

  it('refuses a second process while the first holds the folder, and frees it on close', async () => {
    const first = await connectDatabase({ dataDir: folder });
    const lockFile = path.join(folder, 'hss.lock');
    const own = fs.readFileSync(lockFile, 'utf8');
    // Pretend another live process (our parent, started before the lock was written) holds the lock to check the
    // message a second process sees.
    fs.writeFileSync(lockFile, String(process.ppid));
    await expect(connectDatabase({ dataDir: folder })).rejects.toThrow(DataFolderLockedError);
    await expect(connectDatabase({ dataDir: folder })).rejects.toThrow(/in use by another process \(pid \d+\)/);
    fs.writeFileSync(lockFile, own);
    await first.close();
    expect(fs.existsSync(lockFile)).toBe(false);
    const again = await connectDatabase({ dataDir: folder });
    await again.close();
  });

  it('stops a real second process with a clear message', async () => {
    const holder = await connectDatabase({ dataDir: folder });
    try {
      const cli = path.resolve(import.meta.dirname, '../../../src/cli/main.ts');
      const child = spawn(process.execPath, [cli, 'migrate'], {
        env: { ...process.env, DATA_DIR: folder, DATABASE_URL: '' },
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      expect(code).toBe(1);
      expect(stderr).toContain(`is in use by another process (pid ${process.pid})`);
    } finally {
      await holder.close();
    }
  });

  it('takes over a lock left by a dead process', async () => {
    fs.writeFileSync(path.join(folder, 'hss.lock'), '999999');
    const handle = await connectDatabase({ dataDir: folder });
    await handle.close();
  });
});
