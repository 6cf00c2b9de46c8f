import { z } from 'zod';
import { LOG_FORMATS } from '#lib/schemas/log-formats.ts';
import { COMPETITIVE_RESULTS, reportDataSchema } from '#lib/schemas/report.ts';
import { BACKDATED_AFTER_DAYS } from '#lib/server/services/ingestion/dates.ts';
import { HLU_RETRY_WINDOW_MS } from '#lib/server/services/ingestion/retry.ts';
import { REPORTS_PER_MINUTE } from '#lib/server/services/ingestion/limits.ts';
import { jsonSchemaOf } from './json-schema.ts';
import type { Operation } from './operation.ts';

/**
 * The form fields of POST /v2/matches/serverlog besides `data` and `file`, each described for the OpenAPI document;
 * every field of reportFieldsSchema (#lib/schemas/report.ts) is here, as a test holds.
 */
export const REPORT_FORM_FIELDS: Record<string, Record<string, unknown>> = {
  format: { type: 'string', enum: [...LOG_FORMATS], description: 'The log format; detected from the file when absent' },
  date: {
    type: 'string',
    format: 'date-time',
    description: `When the match started, instead of the log's date. At most 10 minutes after the upload; more than ${BACKDATED_AFTER_DAYS} days before it, or before the series' first match, needs backdated=true`,
  },
  victor_side: { type: 'string', enum: ['Allies', 'Axis'], description: "The winning side, instead of the log's" },
  duration: { type: 'integer', minimum: 1, maximum: 600, description: "Minutes played, instead of the log's" },
  result: {
    type: 'string',
    pattern: '^\\d-\\d$',
    description: `Winner first, instead of the log's; competitive and event matches need ${COMPETITIVE_RESULTS.join(', ')}`,
  },
  map: { type: 'string', maxLength: 100, description: "Map id, display or short name, instead of the log's" },
  match: {
    type: 'integer',
    minimum: 0,
    maximum: 1000,
    description: 'Which complete match of a file holding several (0-based; a MultipleMatches refusal lists them)',
  },
  url: { type: 'string', format: 'uri', maxLength: 2000, description: 'Stream or video of the match (http or https)' },
  event: { type: 'string', maxLength: 64, description: 'Tournament tag; required for an event match' },
  visibility: { type: 'string', enum: ['public', 'private'], description: 'Default public' },
  title: { type: 'string', maxLength: 200, description: 'Title of the match' },
  year: {
    type: 'integer',
    minimum: 2000,
    maximum: 2100,
    description:
      'hlu-txt only (its lines carry a weekday and no year): the year of the first line. Absent: the latest year whose date falls on that weekday, not after the upload; one that contradicts the weekday is refused',
  },
  username: { type: 'string', maxLength: 100, description: 'Who sent it (HLU: the Discord user)' },
  backdated: {
    type: 'string',
    enum: ['true', 'false'],
    description: `true confirms a match dated more than ${BACKDATED_AFTER_DAYS} days before the upload or before its series' first match (it replays the series' ratings)`,
  },
};

const created = z.object({ match_id: z.number().int().positive(), series: z.string() });

/** POST /v2/matches/serverlog: what HLL Log Utilities and the report form send, and every answer. */
export const serverlogOperation: Operation = {
  method: 'post',
  path: '/v2/matches/serverlog',
  group: 'Matches',
  summary:
    'Reports a match from a server log (multipart). 201 {match_id, series}; an identical resend answers 201 with the same match',
  access:
    `a manager of one of the teams, an admin, or a team API key (Bearer). ${REPORTS_PER_MINUTE} reports a minute per key, user or address. ` +
    `An empty file within ${HLU_RETRY_WINDOW_MS / 60_000} minutes of a refused upload (HLL Log Utilities' retry) is answered with that refusal again`,
  multipart: {
    schema: {
      type: 'object',
      required: ['data', 'file'],
      properties: {
        data: {
          type: 'string',
          contentMediaType: 'application/json',
          contentSchema: jsonSchemaOf(reportDataSchema, 'input'),
          description: 'JSON: {"teams": [winner, loser], "kind": "competitive" | "friendly" | "event"}',
        },
        file: {
          type: 'string',
          contentMediaType: 'application/octet-stream',
          description: 'The log: HLU text, CSV or JSON export, or RCON lines (UTF-8); at most MAX_UPLOAD_MB (25 MB)',
        },
        ...REPORT_FORM_FIELDS,
      },
    },
    encoding: { data: { contentType: 'application/json' }, file: { contentType: 'application/octet-stream' } },
  },
  response: created,
  status: 201,
  errors: [401, 403, 409, 413, 429],
  errorText: {
    400: 'The report cannot be taken as sent (code: ReportLogResultNotAllowed, ReportResultNotAllowed, ReportNoVictor, MultipleMatches with matches, MatchIndexOutOfRange, EmptyLog, UnknownFormat, InvalidJson, NoCompleteMatch, BackdatedNotConfirmed with date, DateInFuture, YearContradictsWeekday, WeekdayFitsNoYear, ReportLogMapUnknown, ReportUnknownMap, ReportEventNeedsTournament, ReportSameTeams, ReportNoRegisteredTeam, ReportMissingData, ReportDataNotJson, ReportMissingFile, ReportNotMultipart, InvalidField, TournamentNotFound, ReportNoSeries)',
    401: 'No valid session or key (code: ReportUnauthorized)',
    403: 'The caller acts for neither team (code: ReportNotForTeam), or a CSRF or cross-site refusal',
    409: 'This game is already stored as another match (code: ReportSameGame, with match_id and series)',
    413: 'The upload is larger than MAX_UPLOAD_MB (code: ReportUploadTooLarge)',
    429: 'Too many reports (code: TooManyRequests; Retry-After)',
    503: 'The database or the log workers are busy or unavailable (code: DatabaseUnavailable, DatabaseBusy, ServerBusy; Retry-After)',
  },
};
