import type { DB } from '#lib/server/db/index.ts';
import type { NewMatch } from '#lib/server/db/tables/matches.ts';

/** The columns of a match that has no log (imported or generated): ratings and log references start empty. */
export function matchWithoutLog(
  values: Pick<
    NewMatch,
    | 'series_id'
    | 'type'
    | 'map'
    | 'date'
    | 'result'
    | 'winner_tag'
    | 'loser_tag'
    | 'winner_team_id'
    | 'loser_team_id'
    | 'calculation_status'
  > &
    Partial<NewMatch>,
): NewMatch {
  return {
    title: null,
    tournament_id: null,
    victor_side: null,
    submitted_by_tag: null,
    submitted_by_username: null,
    submitted_by_team_id: null,
    submitted_by_user_id: null,
    gamemode: null,
    kill_statistics: null,
    url: null,
    log_upload_id: null,
    log_format: null,
    log_match_index: null,
    import_key: null,
    winner_mu_before: null,
    winner_sigma_before: null,
    loser_mu_before: null,
    loser_sigma_before: null,
    winner_mu_after: null,
    winner_sigma_after: null,
    loser_mu_after: null,
    loser_sigma_after: null,
    win_probability: null,
    rated_at: null,
    approved_by_user_id: null,
    approved_at: null,
    disputed_by_user_id: null,
    disputed_at: null,
    report_overrides: null,
    ...values,
  };
}

/**
 * Inserts matches, skipping any whose import_key exists already; returns the ids of those inserted. `written` is told
 * how many rows each statement went through.
 */
export async function insertImportedMatches(
  db: DB,
  rows: readonly NewMatch[],
  written: (rows: number) => void = () => {},
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const inserted = await db
      .insertInto('matches')
      .values(rows.slice(i, i + 500))
      // The unique index on import_key is partial (migration 0015): the conflict target names its predicate.
      .onConflict((oc) => oc.column('import_key').where('import_key', 'is not', null).doNothing())
      .returning('id')
      .execute();
    ids.push(...inserted.map((r) => r.id));
    written(Math.min(500, rows.length - i));
  }
  return ids;
}

/** Inserts a tournament named after its tag; returns its id. */
export async function insertTournamentForImport(
  db: DB,
  values: { tag: string; event: boolean; seriesId: number },
): Promise<number> {
  const row = await db
    .insertInto('tournaments')
    .values({
      tag: values.tag,
      name: values.tag,
      icon: null,
      invite: null,
      event: values.event,
      series_id: values.seriesId,
      starts_at: null,
      ends_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Inserts a tournament; returns its id. */
export async function insertTournament(
  db: DB,
  values: { tag: string; name: string; event: boolean; active: boolean; seriesId: number; description?: string },
): Promise<number> {
  const row = await db
    .insertInto('tournaments')
    .values({
      tag: values.tag,
      name: values.name,
      icon: null,
      invite: null,
      event: values.event,
      active: values.active,
      description: values.description ?? '',
      series_id: values.seriesId,
      starts_at: null,
      ends_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
