import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createPostgresDatabase } from '#tests/helpers/database.ts';
import { connectDatabase, type DatabaseHandle } from '#lib/server/db/connect.ts';
import { urgently } from '#lib/server/db/priority.ts';

/**
 * Runs `check` on a pool of one connection (and `urgentReserve` more for urgent work) whose one connection other
 * work holds until `release` is called; the holder's end is awaited after `check`.
 */
async function withHeldConnection(
  urgentReserve: number,
  check: (handle: DatabaseHandle, release: () => void) => Promise<void>,
): Promise<void> {
  const database = await createPostgresDatabase();
  const handle = await connectDatabase({
    databaseUrl: database.url,
    migrate: false,
    poolSize: 1,
    urgentReserve,
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
    await check(handle, release);
    await holder;
  } finally {
    await handle.close();
    await database.drop();
  }
}

// PGlite has one connection and no pool to wait in.
describe.skipIf(!process.env['TEST_DATABASE_URL'])('the pool on postgres', () => {
  it('hands a free connection to urgent work before other work that has waited longer', () =>
    withHeldConnection(0, async (handle, release) => {
      const order: string[] = [];
      const other = handle.db.connection().execute(async () => void order.push('other'));
      // Its request for the connection is queued before the urgent one's.
      await new Promise((resolve) => setImmediate(resolve));
      const urgent = urgently(() => handle.db.connection().execute(async () => void order.push('urgent')));
      await new Promise((resolve) => setImmediate(resolve));
      release();
      await Promise.all([other, urgent]);
      expect(order).toEqual(['urgent', 'other']);
    }));

  it('keeps the reserved connections for urgent work: a write does not wait for a read to give one back', () =>
    withHeldConnection(1, async (handle, release) => {
      const order: string[] = [];
      const other = handle.db.connection().execute(async () => void order.push('other'));
      await new Promise((resolve) => setImmediate(resolve));
      // Served while the read's connection is still held; without the reserve it would wait for it (and time out).
      await urgently(() => handle.db.connection().execute(async () => void order.push('urgent')));
      // A statement's round trip on the reserve after the urgent work gave it back: the waiting read did not get it.
      await urgently(() => sql`select 1`.execute(handle.db));
      expect(order).toEqual(['urgent']);
      release();
      await other;
      expect(order).toEqual(['urgent', 'other']);
    }));
});
