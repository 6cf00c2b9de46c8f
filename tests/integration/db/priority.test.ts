import { describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '#tests/helpers/database.ts';
import { connectDatabase } from '#lib/server/db/connect.ts';
import { urgently } from '#lib/server/db/priority.ts';

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
});
