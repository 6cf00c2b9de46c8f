/**
 * The fast path of the demo generator for the bulk of older matches: each match is still a real log (simulated,
 * written in its format and parsed by the same parser and row builders as a report), but batches of matches are
 * inserted with a few statements instead of one report and one approval each. The newest matches go through the
 * real services (seed.ts).
 */
import type { DB } from '../../db/index.ts';
import type { NewMatch } from '../../db/tables/matches.ts';
import { matchWithoutLog, insertImportedMatches } from '../../repositories/imports.ts';
import { insertPlayerStats } from '../../repositories/players-write.ts';
import { upsertAliasBatch, upsertPlayerBatch, type BatchAlias, type BatchPlayer } from '../../repositories/demo.ts';
import { matchFacts } from '../ingestion/facts.ts';
import { parseReportedLog } from '../ingestion/parse.ts';
import { matchColumnsFromLog, playerStatRows, seenPlayers } from '../ingestion/rows.ts';
import { demoLog, type LogSize } from './logs.ts';
import type { DemoPlan, PlannedMatch } from './plan.ts';

export interface BulkContext {
  plan: DemoPlan;
  seriesIds: number[];
  teamIds: number[];
  tournamentIds: number[];
  size: LogSize;
}

/** Writes a batch of planned matches of one series as approved (competitive/event queued, friendlies skipped). */
export async function writeMatchBatch(db: DB, ctx: BulkContext, batch: readonly PlannedMatch[]): Promise<void> {
  const parsedAll = batch.map((m) => {
    const text = demoLog(ctx.plan, m, ctx.size);
    const parsed = parseReportedLog(text, { format: m.format, year: m.date.getUTCFullYear() });
    return { m, parsed, facts: matchFacts(parsed, {}, m.type) };
  });
  const rows: NewMatch[] = parsedAll.map(({ m, parsed, facts }) => {
    const winner = ctx.plan.teams[m.winner]!;
    const loser = ctx.plan.teams[m.loser]!;
    const reporter = m.winnerReports ? m.winner : m.loser;
    return matchWithoutLog({
      ...matchColumnsFromLog(parsed, facts),
      series_id: ctx.seriesIds[m.series]!,
      type: m.type,
      map: facts.map,
      date: facts.date,
      result: facts.result,
      winner_tag: winner.tag,
      loser_tag: loser.tag,
      winner_team_id: ctx.teamIds[m.winner]!,
      loser_team_id: ctx.teamIds[m.loser]!,
      calculation_status: m.type === 'friendly' ? 'skipped' : 'queued',
      visibility: m.visibility,
      tournament_id: m.tournament === null ? null : ctx.tournamentIds[m.tournament]!,
      submitted_by_tag: ctx.plan.teams[reporter]!.tag,
      submitted_by_team_id: ctx.teamIds[reporter]!,
      approved_at: m.type === 'friendly' ? null : new Date(facts.date.getTime() + 3_600_000),
      source: 'demo',
      // Unique per seed and match, so that ids map back to the plan.
      import_key: `demo:${m.seed}:${m.index}`,
    });
  });
  await insertImportedMatches(db, rows);
  const ids = await db.selectFrom('matches').select(['id', 'import_key']).where('import_key', 'in', rows.map((r) => r.import_key as string)).execute();
  const idByKey = new Map(ids.map((r) => [r.import_key, r.id]));
  const players = new Map<string, BatchPlayer>();
  const aliases = new Map<string, BatchAlias>();
  const stats = [];
  for (const [i, { m, parsed, facts }] of parsedAll.entries()) {
    const matchId = idByKey.get(rows[i]!.import_key as string)!;
    stats.push(...playerStatRows(matchId, parsed, facts.victor_side, { winnerId: ctx.teamIds[m.winner]!, loserId: ctx.teamIds[m.loser]! }));
    for (const p of seenPlayers(parsed)) {
      const known = players.get(p.steamId);
      if (!known) players.set(p.steamId, { steam_id: p.steamId, name: p.name, first_seen: facts.date, last_seen: facts.date });
      else {
        if (facts.date >= known.last_seen) [known.name, known.last_seen] = [p.name, facts.date];
        if (facts.date < known.first_seen) known.first_seen = facts.date;
      }
      for (const name of new Set([...p.aliases, p.name])) {
        const key = `${p.steamId}\u0000${name}`;
        const a = aliases.get(key);
        if (!a) aliases.set(key, { steam_id: p.steamId, name, first_seen: facts.date, last_seen: facts.date, times_seen: 1 });
        else {
          a.times_seen++;
          if (facts.date > a.last_seen) a.last_seen = facts.date;
          if (facts.date < a.first_seen) a.first_seen = facts.date;
        }
      }
    }
  }
  await upsertPlayerBatch(db, [...players.values()]);
  await upsertAliasBatch(db, [...aliases.values()]);
  for (let i = 0; i < stats.length; i += 1000) await insertPlayerStats(db, stats.slice(i, i + 1000));
}
