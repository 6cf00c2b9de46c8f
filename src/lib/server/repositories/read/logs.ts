import type { ExpressionBuilder } from 'kysely';
import type { DB } from '#lib/server/db/index.ts';
import type { Database } from '#lib/server/db/database.ts';

/** Whose logs may be seen: every log (admins), or all but those of private matches of teams not in `teamIds`. */
export type LogViewer = { all: true } | { all: false; teamIds: readonly number[] };

/** The upload has a private match that neither of the viewer's teams played. */
function hiddenFrom(viewer: { teamIds: readonly number[] }) {
  const teamIds = viewer.teamIds.length > 0 ? [...viewer.teamIds] : [-1];
  return (eb: ExpressionBuilder<Database, 'log_uploads'>) =>
    eb.not(
      eb.exists(
        eb
          .selectFrom('matches')
          .select('matches.id')
          .whereRef('matches.log_upload_id', '=', 'log_uploads.id')
          .where('matches.visibility', '=', 'private')
          .where((m) =>
            m.and([
              m.or([m('matches.winner_team_id', 'is', null), m('matches.winner_team_id', 'not in', teamIds)]),
              m.or([m('matches.loser_team_id', 'is', null), m('matches.loser_team_id', 'not in', teamIds)]),
            ]),
          ),
      ),
    );
}

/** The uploaded log at exactly `path` that the viewer may see, with its content, or undefined. */
export function findLogFile(db: DB, path: string, viewer: LogViewer) {
  let query = db
    .selectFrom('log_uploads')
    .select(['path', 'filename', 'size_bytes', 'uploaded_at', 'content'])
    .where('path', '=', path);
  if (!viewer.all) query = query.where(hiddenFrom(viewer));
  return query.executeTakeFirst();
}

/** Every upload below the folder `prefix` ('' = root) that the viewer may see, without content, by path. */
export function listLogsUnder(db: DB, prefix: string, viewer: LogViewer) {
  let query = db.selectFrom('log_uploads').select(['path', 'size_bytes', 'uploaded_at']).orderBy('path');
  if (!viewer.all) query = query.where(hiddenFrom(viewer));
  if (prefix) query = query.where('path', 'like', `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}/%`);
  return query.execute();
}

/** The matches reported from the uploads at `paths` that the viewer may see (public, or private to their teams). */
export function listMatchesOfLogs(db: DB, paths: readonly string[], viewer: LogViewer) {
  if (paths.length === 0) return Promise.resolve([]);
  let query = db
    .selectFrom('log_uploads')
    .innerJoin('matches', 'matches.log_upload_id', 'log_uploads.id')
    .innerJoin('series', 'series.id', 'matches.series_id')
    .select(['log_uploads.path', 'matches.id', 'series.tag as series'])
    .where('log_uploads.path', 'in', [...paths])
    .orderBy('matches.id');
  if (!viewer.all) {
    const teamIds = viewer.teamIds.length > 0 ? [...viewer.teamIds] : [-1];
    query = query.where((eb) =>
      eb.or([
        eb('matches.visibility', '=', 'public'),
        eb('matches.winner_team_id', 'in', teamIds),
        eb('matches.loser_team_id', 'in', teamIds),
      ]),
    );
  }
  return query.execute();
}
