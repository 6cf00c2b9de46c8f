import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, createTestDatabase } from '#tests/helpers/database.ts';
import type { DatabaseHandle } from '#lib/server/db/connect.ts';
import type { Actor } from '#lib/server/auth/actor.ts';
import { reportMatch } from '#lib/server/services/ingestion/index.ts';
import { ratingQueueIdle } from '#lib/server/services/rating-queue.ts';
import { makeLog, rejection, seedTeams } from './fixtures.ts';

// The day the December 2024 log of issue 37 was uploaded and became a match of 2026-12-27, a month ahead.
const UPLOADED = new Date('2026-11-29T00:37:00Z');

describe.each(engines)('the date of a reported match on %s', (engine) => {
  let handle: DatabaseHandle;
  let alpha: Actor;
  const report = (file: string, name: string, extra: Record<string, unknown> = {}) =>
    reportMatch(handle.db, alpha, {
      data: { teams: ['ALPHA', 'BRAVO'], kind: 'competitive' },
      file: { name, content: file },
      now: UPLOADED,
      ...extra,
    });
  const dateOf = async (id: number) =>
    (await handle.db.selectFrom('matches').select('date').where('id', '=', id).executeTakeFirstOrThrow()).date;

  beforeAll(async () => {
    handle = await createTestDatabase(engine);
    const teams = await seedTeams(handle.db, ['ALPHA', 'BRAVO']);
    alpha = { kind: 'team-key', teamId: teams['ALPHA']!.id, teamTag: 'ALPHA' };
  });
  afterAll(async () => {
    await ratingQueueIdle(handle.db);
    await handle.close();
  });

  it("reads an HLU text export's year from its weekday ('Fri, Dec 27' is 2024) and asks to confirm the old date", async () => {
    const text = makeLog('hlu-txt', { seed: 501, start: '2024-12-27T19:00:00Z' });
    expect(text).toContain(' - Fri, Dec 27\t');
    const refused = await rejection(report(text, 'export.txt'));
    expect(refused.status).toBe(400);
    expect(refused.message).toBe(
      "The match is dated 2024-12-27, more than 30 days before this upload (2026-11-29): if that date is right, confirm it with 'backdated' = true (the report form asks); otherwise give the right 'date'",
    );
    expect([refused.code, refused.details['date']]).toEqual(['BackdatedNotConfirmed', '2024-12-27T19:00:00.000Z']);
    const accepted = await report(text, 'export.txt', { backdated: 'true' });
    expect(new Date(await dateOf(accepted.match_id)).toISOString()).toBe('2024-12-27T19:00:00.000Z');
  });

  it('refuses a year that contradicts the weekday, naming both', async () => {
    const text = makeLog('hlu-txt', { seed: 502, start: '2024-12-27T21:00:00Z' });
    const refused = await rejection(report(text, 'export.txt', { year: '2026', backdated: true }));
    expect(refused.status).toBe(400);
    expect(refused.message).toMatch(/'Fri, Dec 27', but in 2026 that day is a Sunday, not a Friday/);
  });

  it('refuses a match dated in the future beyond ten minutes of clock skew, takes one within it', async () => {
    const ahead = makeLog('hlu-csv', { seed: 503, start: '2026-11-29T00:10:00Z', minutes: 20 });
    const refused = await rejection(report(ahead, 'export.csv', { date: '2026-11-29T00:48:00Z' }));
    expect([refused.status, refused.code]).toEqual([400, 'DateInFuture']);
    expect(refused.message).toBe(
      "The match is dated 2026-11-29 00:48 UTC, later than now (2026-11-29 00:37 UTC): check the server clock or give the right 'date'",
    );
    const skewed = await report(ahead, 'export.csv', { date: '2026-11-29T00:45:00Z' });
    expect(new Date(await dateOf(skewed.match_id)).toISOString()).toBe('2026-11-29T00:45:00.000Z');
  });

  it("asks to confirm a match dated before the series' first one, even within 30 days", async () => {
    // The series' first match is 2024-12-27 (the first test): a recent date is after it; put one before it.
    const early = makeLog('hlu-csv', { seed: 504, start: '2024-12-20T19:00:00Z' });
    const old = await rejection(report(early, 'early.csv', { now: new Date('2024-12-30T00:00:00Z') }));
    expect(old.message).toBe(
      "The match is dated 2024-12-20, before the first match of series 'S1' (2024-12-27), so it would replay that series: if that date is right, confirm it with 'backdated' = true (the report form asks); otherwise give the right 'date'",
    );
    const confirmed = await report(early, 'early.csv', { now: new Date('2024-12-30T00:00:00Z'), backdated: true });
    expect(confirmed.created).toBe(true);
  });
});
