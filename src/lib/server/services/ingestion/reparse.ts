import type { DB } from '#lib/server/db/index.ts';
import { isAdmin, type Actor } from '#lib/server/auth/actor.ts';
import { isLogFormat, type LogFormat } from '#lib/schemas/log-formats.ts';
import { forbidden, notFound, badRequest } from '#lib/server/core/errors.ts';
import { messages } from '#lib/server/core/messages.ts';
import { findLogUpload } from '#lib/server/repositories/log-uploads.ts';
import { findMatchRow, listMatchIdsWithLogs, updateMatch } from '#lib/server/repositories/matches-write.ts';
import { deletePlayerStats, upsertMatchPlayers } from '#lib/server/repositories/players-write.ts';
import { audit } from '#lib/server/services/audit.ts';
import { matchFacts } from './facts.ts';
import { decodeLog, parseReportedLog } from './parse.ts';
import { matchColumnsFromLog, playerStatRows, seenPlayers, type KeptPlayerColumns } from './rows.ts';

/** What a re-parse changed: the number of per-player rows before and after. */
export interface ReparseResult {
  match_id: number;
  players_before: number;
  players_after: number;
  /** The series to recompute when the match was already rated (its result, date or players may have changed). */
  rated_series_id: number | null;
}

function asFormat(value: string | null): LogFormat | undefined {
  return isLogFormat(value) ? value : undefined;
}

/**
 * Re-parses a match's stored log with the current parser and rewrites its per-player rows and log statistics in one
 * transaction, applying the overrides given at report time (result, map, date, victor_side, duration, year). Kept
 * per-player columns (streamer, percentiles) survive. Admins only; 404 unknown match, 400 no stored log or the new
 * parse fails (the match is left as it was).
 */
export async function reparseMatch(db: DB, actor: Actor, matchId: number): Promise<ReparseResult> {
  if (!isAdmin(actor)) throw forbidden(messages.adminOnly);
  const match = await findMatchRow(db, matchId);
  if (!match) throw notFound(messages.matchNotFound(matchId));
  const upload = match.log_upload_id === null ? undefined : await findLogUpload(db, match.log_upload_id);
  if (!upload) throw badRequest(messages.reportNoLog(matchId));
  const overrides = match.report_overrides ?? {};
  const parsed = parseReportedLog(decodeLog(upload.content), {
    format: asFormat(match.log_format) ?? asFormat(upload.format),
    year: overrides.year,
    match: match.log_match_index ?? undefined,
  });
  const facts = matchFacts(parsed, overrides, match.type);
  return db.transaction().execute(async (trx) => {
    const previous = await trx
      .selectFrom('player_match_stats')
      .select(['steam_id', 'streamer', 'side_percentile', 'all_percentile'])
      .where('match_id', '=', matchId)
      .execute();
    const kept = new Map<string, KeptPlayerColumns>(previous.map((r) => [r.steam_id, r]));
    await deletePlayerStats(trx, matchId);
    const rows = playerStatRows(
      matchId,
      parsed,
      facts.victor_side,
      { winnerId: match.winner_team_id, loserId: match.loser_team_id },
      kept,
    );
    await upsertMatchPlayers(trx, { players: seenPlayers(parsed), seen: facts.date, count: false, stats: rows });
    await updateMatch(trx, matchId, matchColumnsFromLog(parsed, facts));
    await audit(
      trx,
      actor,
      'match.reparse',
      { type: 'match', id: matchId },
      { players: previous.length },
      { players: rows.length },
    );
    return {
      match_id: matchId,
      players_before: previous.length,
      players_after: rows.length,
      rated_series_id: match.calculation_status === 'posted' ? match.series_id : null,
    };
  });
}

/** Re-parses every match with a stored log, one transaction each; a failing match is reported and skipped. */
export async function reparseAll(
  db: DB,
  actor: Actor,
  onEach: (
    outcome: { match_id: number; ok: true; result: ReparseResult } | { match_id: number; ok: false; error: string },
  ) => void = () => {},
): Promise<{ ok: number; failed: number }> {
  if (!isAdmin(actor)) throw forbidden(messages.adminOnly);
  let ok = 0;
  let failed = 0;
  for (const id of await listMatchIdsWithLogs(db)) {
    try {
      const result = await reparseMatch(db, actor, id);
      ok += 1;
      onEach({ match_id: id, ok: true, result });
    } catch (error) {
      failed += 1;
      onEach({ match_id: id, ok: false, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return { ok, failed };
}
