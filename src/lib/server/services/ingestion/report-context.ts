import type { DB } from '#lib/server/db/index.ts';
import { deepFreeze, memoizeFound, memoMoment, peekMemo, type MemoKind } from '#lib/server/db/read-memo.ts';
import { findReportContext, type ReportContext } from '#lib/server/repositories/matches-write.ts';

/*
 * A report's look-ups (its two teams by tag, its tournament, the series it goes to) kept in memory (db/read-memo.ts):
 * under a crowd the round trip waited for turns of the busy event loop, a large part of a report's time at the server
 * (bench:load). Each part is kept on its own (a team by its tag, a tournament by its tag, the
 * series), since a team reports against ever new opponents. Dropped when this process writes the teams, their old
 * tags, the tournaments or the series (group 'reports') or a change is announced, and after
 * REPORT_CONTEXT_MAX_AGE_MS whatever happens.
 */

/** How long a part of a report's look-ups is kept at most (ms). */
export const REPORT_CONTEXT_MAX_AGE_MS = 30_000;

const REPORT_LOOK_UPS: MemoKind = {
  name: 'report-look-ups',
  group: 'reports',
  maxAgeMs: REPORT_CONTEXT_MAX_AGE_MS,
  maxEntries: 10_000,
};

type Team = ReportContext['teams'][number];
type Series = ReportContext['series'];

/**
 * findReportContext for these tags and tournament (each compared case-insensitively) from the parts kept, else from
 * the database (every part is then kept). Shared between requests: frozen.
 */
export async function keptReportContext(
  db: DB,
  tags: readonly [string, string],
  tournamentTag: string | undefined,
  now: number = Date.now(),
): Promise<ReportContext> {
  // null stands for "found nothing" (kept too: an unregistered opponent is reported again and again).
  const teamKeys = tags.map((tag) => `team:${tag.toLowerCase()}`);
  const tournamentKey = tournamentTag === undefined ? undefined : `tournament:${tournamentTag.toLowerCase()}`;
  const peek = <V>(key: string) => peekMemo<V | null>(db, REPORT_LOOK_UPS, key, now);
  const teams = teamKeys.map((key) => peek<NonNullable<Team>>(key));
  const series = peek<NonNullable<Series>>('series');
  const tournamentId = tournamentKey === undefined ? null : peek<number>(tournamentKey);
  if (!teams.includes(undefined) && series !== undefined && tournamentId !== undefined)
    return {
      teams: teams.map((team) => team ?? undefined),
      series: series ?? undefined,
      tournamentId: tournamentId ?? undefined,
    };

  const moment = memoMoment(db, REPORT_LOOK_UPS);
  const found = deepFreeze(await findReportContext(db, tags, tournamentTag));
  const keep = (key: string, value: unknown) =>
    memoizeFound(db, REPORT_LOOK_UPS, moment, key, now, { value: value ?? null });
  teamKeys.forEach((key, i) => keep(key, found.teams[i]));
  keep('series', found.series);
  if (tournamentKey !== undefined) keep(tournamentKey, found.tournamentId);
  return found;
}
