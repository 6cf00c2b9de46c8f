import { describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '#tests/helpers/database.ts';
import { connectDatabase } from '#lib/server/db/connect.ts';
import { urgently } from '#lib/server/db/priority.ts';
import { sql } from 'kysely';

// PGlite has one connection and no pool to wait in.
describe.skipIf(!process.env['TEST_DATABASE_URL'])('the pool on postgres', () => {
  it('hands a free connection to urgent work before other work that has waited longer', async () => {
    const database = await createPostgresDatabase();
    const handle = await connectDatabase({
      databaseUrl: database.url,
      migrate: false,
      poolSize: 1,
      acquireTimeoutMs: 5000,
    });
    try {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let holding!: () => void;
      const isHeld = new Promise<void>((resolve) => (holding = resolve));
      const holder = handle.db.connection().execute(async () => {
        holding();
        await held;
      });
      await isHeld;
      const order: string[] = [];
      const other = handle.db.connection().execute(async () => void order.push('other'));
      // Its request for the connection is queued before the urgent one's.
      await new Promise((resolve) => setImmediate(resolve));
      const urgent = urgently(() => handle.db.connection().execute(async () => void order.push('urgent')));
      await new Promise((resolve) => setImmediate(resolve));
      release();
      await Promise.all([holder, other, urgent]);
      expect(order).toEqual(['urgent', 'other']);
    } finally {
      await handle.close();
      await database.drop();
    }
  });

  it('keeps the reserved connections for urgent work: a write does not wait for a read to give one back', async () => {
    const database = await createPostgresDatabase();
    const handle = await connectDatabase({
      databaseUrl: database.url,
      migrate: false,
      poolSize: 1,
      urgentReserve: 1,
      acquireTimeoutMs: 5000,
    });
    try {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let holding!: () => void;
      const isHeld = new Promise<void>((resolve) => (holding = resolve));
      const holder = handle.db.connection().execute(async () => {
        holding();
        await held;
      });
      await isHeld;
      const order: string[] = [];
      const other = handle.db.connection().execute(async () => void order.push('other'));
      await new Promise((resolve) => setImmediate(resolve));
      // Served while the read's connection is still held; without the reserve it would wait for it (and time out).
      await urgently(() => handle.db.connection().execute(async () => void order.push('urgent')));
      // A statement's round trip on the reserve after the urgent work gave it back: the waiting read did not get it.
      await urgently(() => sql`select 1`.execute(handle.db));
      expect(order).toEqual(['urgent']);
      release();
      await Promise.all([holder, other]);
      expect(order).toEqual(['urgent', 'other']);
    } finally {
      await handle.close();
      await database.drop();
    }
  });
});
