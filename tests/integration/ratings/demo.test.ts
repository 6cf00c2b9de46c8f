import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, createTestDatabase } from '#tests/helpers/database.ts';
import type { DatabaseHandle } from '#lib/server/db/connect.ts';
import { commands } from '#cli/commands/index.ts';
import { runCli } from '#cli/run.ts';
import { seriesStatisticsSchema } from '#lib/schemas/statistics.ts';
import { DEMO_USERS } from '#lib/server/auth/demo.ts';
import { seedDemo } from '#lib/server/services/demo/seed.ts';
import { ratingSnapshot } from './fixtures.ts';

async function hss(handle: DatabaseHandle, args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(commands, args, { out: (l) => out.push(l), err: (l) => err.push(l), database: handle });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe.each(engines)('demo community on %s', (engine) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase(engine);
  });
  afterAll(() => handle.close());

  it('seeds rated matches, player skills, percentiles and statistics; evaluate prints the table and a Kendall tau', async () => {
    const db = handle.db;
    const seeded = await hss(handle, ['demo', 'seed', '--seed', '7', '--teams', '6', '--matches', '40']);
    expect(seeded.err).toBe('');
    expect(seeded.code).toBe(0);
    expect(seeded.out).toMatch(/Seeded the demo community: 2 series, 6 teams, \d+ players, 40 matches \(40 reported/);

    const series = await db.selectFrom('series').select(['id', 'tag', 'is_current']).orderBy('tag').execute();
    expect(series.map((s) => [s.tag, s.is_current])).toEqual([
      ['S1', false],
      ['S2', true],
    ]);
    const statuses = await db.selectFrom('matches').select('calculation_status').execute();
    const count = (s: string) => statuses.filter((m) => m.calculation_status === s).length;
    expect(count('posted')).toBeGreaterThan(25);
    expect(count('disputed')).toBe(1);
    expect(count('pending')).toBe(2);
    expect(count('queued')).toBe(0);
    expect(count('posted') + count('skipped') + 3).toBe(40);
    // Every match was reported through the services: its log stored verbatim, submitted by one team's API key;
    // the opponent's key approved (or disputed) it, friendlies need no approval.
    const reported = await db.selectFrom('matches').selectAll().where('log_upload_id', 'is not', null).execute();
    expect(reported).toHaveLength(40);
    expect(reported.every((m) => m.source === 'demo' && m.import_key === null)).toBe(true);
    expect(
      reported.every(
        (m) => m.submitted_by_team_id !== null && [m.winner_team_id, m.loser_team_id].includes(m.submitted_by_team_id),
      ),
    ).toBe(true);
    expect(reported.filter((m) => m.calculation_status === 'posted').every((m) => m.approved_at !== null)).toBe(true);
    expect(
      reported
        .filter((m) => m.type === 'friendly')
        .every((m) => m.calculation_status === 'skipped' && m.approved_at === null),
    ).toBe(true);
    expect(new Set(reported.map((m) => m.log_format))).toEqual(new Set(['hlu-txt', 'hlu-csv', 'rcon']));
    const uploads = await db.selectFrom('log_uploads').select(['id', 'uploaded_by_team_id', 'size_bytes']).execute();
    const uploadById = new Map(uploads.map((u) => [u.id, u]));
    expect(
      reported.every((m) => uploadById.get(m.log_upload_id!)?.uploaded_by_team_id === m.submitted_by_team_id),
    ).toBe(true);
    expect(uploads.every((u) => u.size_bytes > 1000)).toBe(true);
    const audit = await db
      .selectFrom('audit_log')
      .select(['action', 'entity_id', 'actor_team_id'])
      .where('entity_type', '=', 'match')
      .execute();
    const byMatch = (action: string) =>
      new Map(audit.filter((a) => a.action === action).map((a) => [Number(a.entity_id), a.actor_team_id]));
    const reports = byMatch('match.report');
    const approvals = byMatch('match.approve');
    const disputes = byMatch('match.dispute');
    expect(reports.size).toBe(40);
    for (const m of reported) {
      expect(reports.get(m.id)).toBe(m.submitted_by_team_id);
      const opponent = m.winner_team_id === m.submitted_by_team_id ? m.loser_team_id : m.winner_team_id;
      if (m.calculation_status === 'posted') expect(approvals.get(m.id)).toBe(opponent);
      if (m.calculation_status === 'disputed') expect(disputes.get(m.id)).toBe(opponent);
      if (m.calculation_status === 'pending' || m.type === 'friendly')
        expect(approvals.has(m.id) || disputes.has(m.id)).toBe(false);
    }

    const current = series[1]!;
    const snapshot = await ratingSnapshot(db, current.id);
    expect(
      snapshot.matches.filter((m) => m.calculation_status === 'posted').every((m) => m.win_probability !== null),
    ).toBe(true);
    expect(snapshot.teams.every((t) => t.num_matches > 0)).toBe(true);
    const strengths = await db
      .selectFrom('team_ratings')
      .select('true_strength')
      .where('series_id', '=', current.id)
      .execute();
    expect(strengths.every((s) => typeof s.true_strength === 'number')).toBe(true);
    const players = await db.selectFrom('players').select(['name', 'true_strength']).execute();
    // Pools of 20 per team; a player not picked for any lineup never appears.
    expect(players.length).toBeGreaterThan(100);
    expect(players.length).toBeLessThanOrEqual(120);
    expect(players.every((p) => typeof p.true_strength === 'number')).toBe(true);
    expect(players.some((p) => /\P{ASCII}/u.test(p.name)) && players.some((p) => /[[(]/.test(p.name))).toBe(true);

    const skills = await db
      .selectFrom('player_skills')
      .select(['game_type', 'skill_vector'])
      .where('series_id', '=', current.id)
      .execute();
    expect(skills.filter((s) => s.game_type === 'competitive' && s.skill_vector !== null).length).toBeGreaterThan(20);
    const lines = await db.selectFrom('player_match_stats').select(['side_percentile', 'all_percentile']).execute();
    expect(lines.every((l) => l.all_percentile !== null && l.all_percentile >= 0 && l.all_percentile <= 100)).toBe(
      true,
    );
    const stats = seriesStatisticsSchema.parse(
      (
        await db
          .selectFrom('series_statistics')
          .select('data')
          .where('series_id', '=', current.id)
          .executeTakeFirstOrThrow()
      ).data,
    );
    expect(stats.teams).toBe(6);
    expect(stats.players).toBeGreaterThan(50);
    expect(stats.top_team).not.toBeNull();
    expect(stats.win_rates.by_side.matches).toBeGreaterThan(10);

    const users = await db.selectFrom('users').select('discord_id').orderBy('discord_id').execute();
    expect(users.map((u) => u.discord_id)).toEqual(Object.values(DEMO_USERS).map((u) => u.discordId));
    expect(await db.selectFrom('tournaments').select('event').where('event', '=', true).execute()).toHaveLength(2);

    // The seeded ratings are the ones a recompute gives.
    expect((await hss(handle, ['ratings', 'recompute', '--series', 'S2'])).code).toBe(0);
    expect(await ratingSnapshot(db, current.id)).toEqual(snapshot);

    const evaluate = await hss(handle, ['ratings', 'evaluate', '--series', 'S2']);
    expect(evaluate.code).toBe(0);
    expect(evaluate.out).toMatch(
      /model\s+n\s+accuracy\s+log_loss\s+log_loss_95ci\s+brier\s+slope\s+tuned\n[- ]+\nrating\s+\d+\s+[01](\.\d{4})?\s/,
    );
    expect(evaluate.out).toMatch(/^helo\s+\d+\s.*scale \d/m);
    // The demo's matches have logs: the roster-aware model reads who played from them and is scored beside.
    expect(evaluate.out).toMatch(/^roster\s+\d+\s.*players sigma \d/m);
    expect(evaluate.out).toMatch(/^auto\s+\d+\s+.*(team|roster-aware): /m);
    expect(evaluate.out).toMatch(/decile\s+n\s+forecast\s+won/);
    expect(evaluate.out).toMatch(/Kendall tau \(score vs true strength, 6 teams\): -?[01]\.\d{4}/);
  });

  it('is deterministic: the same options give the same matches and ratings', async () => {
    const options = { seed: 11, teams: 4, matches: 16, anchor: new Date('2026-05-01T00:00:00Z') };
    const digests: unknown[] = [];
    for (let i = 0; i < 2; i++) {
      const other = await createTestDatabase(engine);
      try {
        await seedDemo(other.db, options);
        digests.push({
          matches: await other.db
            .selectFrom('matches')
            .select(['id', 'date', 'result', 'winner_tag', 'calculation_status', 'winner_mu_after', 'win_probability'])
            .orderBy('id')
            .execute(),
          teams: await other.db
            .selectFrom('team_ratings')
            .select(['series_id', 'team_id', 'mu', 'sigma', 'true_strength'])
            .orderBy('series_id')
            .orderBy('team_id')
            .execute(),
          players: await other.db
            .selectFrom('players')
            .select(['steam_id', 'name', 'true_strength'])
            .orderBy('steam_id')
            .execute(),
          uploads: await other.db
            .selectFrom('log_uploads')
            .select(['id', 'sha256', 'path', 'format', 'size_bytes'])
            .orderBy('id')
            .execute(),
        });
      } finally {
        await other.close();
      }
    }
    expect(digests[1]).toEqual(digests[0]);
  }, 180_000); // two embedded databases seeded in turn: minutes on a loaded 2-core machine

  it('refuses to seed a database that is not empty', async () => {
    const again = await hss(handle, ['demo', 'seed', '--teams', '3', '--matches', '5']);
    expect(again.code).toBe(2);
    expect(again.err).toContain('empty database');
  });
});
