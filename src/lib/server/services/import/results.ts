/**
 * `hss import results <file.csv> --series <tag>`: historical results without logs.
 *
 * Every row is validated first (rows.ts); any bad row rejects the whole file with the line numbers (400, exit 2)
 * and nothing is written. Otherwise ONE transaction creates the missing teams (tag = name, rated in the series)
 * and tournaments (name = tag), and inserts the matches as approved (source 'import', no victor side), keyed by
 * import_key = sha256 of the natural key (series, date, winner, loser, result, map) so that importing the same
 * file again changes nothing. Competitive and event matches are then rated by recomputing the series (followed by
 * the automatic refit check, as after a rating pass); friendlies are stored as 'skipped'.
 */
import { createHash } from 'node:crypto';
import type { Actor } from '#lib/server/auth/actor.ts';
import type { DB } from '#lib/server/db/index.ts';
import type { NewMatch } from '#lib/server/db/tables/matches.ts';
import { badRequest } from '#lib/server/core/errors.ts';
import { messages } from '#lib/server/core/messages.ts';
import { matchWithoutLog, insertImportedMatches, insertTournamentForImport } from '#lib/server/repositories/imports.ts';
import { findTournamentIdByTag } from '#lib/server/repositories/matches-write.ts';
import { ensureTeamRating, findTeamByTag, insertTeam } from '#lib/server/repositories/teams-write.ts';
import { audit } from '#lib/server/services/audit.ts';
import { recomputeAndRefit } from '#lib/server/services/ratings/refit.ts';
import { noProgress, type Progress } from '#lib/server/progress.ts';
import { requireSeries } from '#lib/server/services/series.ts';
import { csvRecords } from '#lib/domain/csv.ts';
import { validateResultRecords, type ResultRow, type RowError } from './rows.ts';

/** What an import did. */
export interface ImportSummary {
  series: string;
  rows: number;
  imported: number;
  /** Rows whose match was already imported (same natural key). */
  unchanged: number;
  created_teams: string[];
  created_tournaments: string[];
}

/** The stable key of an imported result. */
export function importKey(
  seriesTag: string,
  row: Pick<ResultRow, 'date' | 'winner' | 'loser' | 'result' | 'map'>,
): string {
  const natural = [
    seriesTag.toLowerCase(),
    row.date.toISOString(),
    row.winner.toLowerCase(),
    row.loser.toLowerCase(),
    row.result,
    row.map,
  ].join('|');
  return createHash('sha256').update(natural).digest('hex');
}

function rejection(errors: readonly RowError[]): Error {
  const lines = errors.map((e) => `  line ${e.line}: ${e.message}`);
  return badRequest(messages.importRejected(errors.length, lines.join('\n')), { errors });
}

/** Imports the results in `csvText` into the series (see the module comment). */
export async function importResults(
  db: DB,
  actor: Actor,
  input: { seriesTag: string; csvText: string; filename?: string },
  progress: Progress = noProgress,
): Promise<ImportSummary> {
  const series = await requireSeries(db, input.seriesTag);
  let records;
  try {
    records = csvRecords(input.csvText);
  } catch (error) {
    throw rejection([
      { line: Number(/Line (\d+)/.exec(String(error))?.[1] ?? 1), message: 'a quoted value is not closed' },
    ]);
  }
  const { rows, errors } = validateResultRecords(records);
  const seen = new Map<string, number>();
  for (const row of rows) {
    const key = importKey(series.tag, row);
    const first = seen.get(key);
    if (first !== undefined) errors.push({ line: row.line, message: `the same match as line ${first}` });
    else seen.set(key, row.line);
  }
  if (errors.length > 0) throw rejection(errors.sort((a, b) => a.line - b.line));

  const step = progress.step('Importing results', rows.length, 'rows');
  const summary = await db
    .transaction()
    .execute(async (trx): Promise<ImportSummary> => {
      const teams = new Map<string, { id: number; tag: string }>();
      const createdTeams: string[] = [];
      for (const tag of new Set(rows.flatMap((r) => [r.winner, r.loser]))) {
        if (teams.has(tag.toLowerCase())) continue;
        let team = await findTeamByTag(trx, tag);
        if (!team) {
          team = await insertTeam(trx, { tag, name: tag });
          createdTeams.push(team.tag);
        }
        await ensureTeamRating(trx, series.id, team.id);
        teams.set(tag.toLowerCase(), { id: team.id, tag: team.tag });
      }
      const tournaments = new Map<string, number>();
      const createdTournaments: string[] = [];
      for (const row of rows) {
        if (!row.tournament || tournaments.has(row.tournament.toLowerCase())) continue;
        let id = await findTournamentIdByTag(trx, row.tournament);
        if (id === undefined) {
          id = await insertTournamentForImport(trx, {
            tag: row.tournament,
            event: row.type === 'event',
            seriesId: series.id,
          });
          createdTournaments.push(row.tournament);
        }
        tournaments.set(row.tournament.toLowerCase(), id);
      }
      const now = new Date();
      const values: NewMatch[] = rows.map((row) => {
        const winner = teams.get(row.winner.toLowerCase())!;
        const loser = teams.get(row.loser.toLowerCase())!;
        return matchWithoutLog({
          series_id: series.id,
          type: row.type,
          map: row.map,
          date: row.date,
          result: row.result,
          winner_tag: winner.tag,
          loser_tag: loser.tag,
          winner_team_id: winner.id,
          loser_team_id: loser.id,
          calculation_status: row.type === 'friendly' ? 'skipped' : 'queued',
          tournament_id: row.tournament ? tournaments.get(row.tournament.toLowerCase())! : null,
          source: 'import',
          import_key: importKey(series.tag, row),
          approved_at: now,
          submitted_by_username: input.filename ?? 'import',
        });
      });
      const inserted = await insertImportedMatches(trx, values, (count) => step.advance(count));
      const result: ImportSummary = {
        series: series.tag,
        rows: rows.length,
        imported: inserted.length,
        unchanged: rows.length - inserted.length,
        created_teams: createdTeams,
        created_tournaments: createdTournaments,
      };
      if (inserted.length > 0)
        await audit(trx, actor, 'matches.import', { type: 'series', id: series.id }, null, {
          file: input.filename ?? null,
          ...result,
        });
      return result;
    })
    .finally(() => step.end());
  if (summary.imported > 0) await recomputeAndRefit(db, series.id, progress);
  return summary;
}
