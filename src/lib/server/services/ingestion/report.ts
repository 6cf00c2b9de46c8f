import type { DB } from '#lib/server/db/index.ts';
import { MAX_JSON_DEPTH, tooDeep } from '#lib/schemas/json-depth.ts';
import { isAdmin, type Actor } from '#lib/server/auth/actor.ts';
import type { CalculationStatus, MatchType } from '#lib/server/db/tables/matches.ts';
import { jsonText } from '#lib/server/db/json-text.ts';
import { badRequest, conflict, unauthorized } from '#lib/server/core/errors.ts';
import { messages } from '#lib/server/core/messages.ts';
import { describeZodError } from '#lib/server/core/zod-errors.ts';
import { lockGameAndStoreUpload } from '#lib/server/repositories/log-uploads.ts';
import { readReportRefusal, reportedMatchInsert } from '#lib/server/repositories/matches-write.ts';
import { checkReportDate } from './dates.ts';
import { auditEach } from '#lib/server/services/audit.ts';
import { notifyQueued } from '#lib/server/services/rating-queue.ts';
import { normaliseOverrides } from './facts.ts';
import { reportDataSchema, reportFieldsSchema, type ReportData, type ReportFields } from '#lib/schemas/report.ts';
import type { ReportInput } from './input.ts';
import { prepareReportInWorker } from './prepare-pool.ts';
import { keptReportContext } from './report-context.ts';
import { replaceControlCharacters } from '#lib/schemas/text.ts';
import { SAME_GAME_WINDOW_MS } from './same-game.ts';
import { resolveReportTeams, type ReportTeam } from './report-teams.ts';
import { uploadBytes, uploadPath } from './upload.ts';
import { underSemaphore } from '#lib/server/db/semaphore.ts';
import { urgently } from '#lib/server/db/priority.ts';
import { transactionInOneTrip } from '#lib/server/db/one-trip.ts';

/**
 * Report transactions of one process running at once: reports of different games run side by side (their locks are
 * per game), and a burst waits in this process without holding every pooled connection (ten, and six more for writes
 * only: db/index.ts). A transaction is one round trip (db/one-trip.ts), which waits for a turn of a busy event loop.
 * bench:load sends its reports in bursts: with fewer at once the second half of a burst waited for a turn; at 12 the
 * wait was mostly gone while, with every one of a burst waiting on one game's lock, four connections stay free for
 * reads.
 */
const REPORTS_AT_ONCE = 12;

/** Outcome of a report: the match id and its series tag; `created` is false when an identical report existed. */
export interface ReportResult {
  match_id: number;
  series: string;
  created: boolean;
}

function readData(raw: unknown): ReportData {
  if (raw === undefined || raw === null || raw === '') throw badRequest(messages.reportMissingData);
  let value = raw;
  if (typeof raw === 'string') {
    if (tooDeep(raw)) throw badRequest(messages.invalidField('data', messages.jsonTooDeep(MAX_JSON_DEPTH)));
    try {
      value = JSON.parse(raw);
    } catch {
      throw badRequest(messages.reportDataNotJson);
    }
  }
  const parsed = reportDataSchema.safeParse(value);
  if (!parsed.success) {
    throw badRequest(describeZodError(parsed.error, 'field', ['data']));
  }
  return parsed.data;
}

function readFields(input: ReportInput): ReportFields {
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(reportFieldsSchema.shape)) {
    const value = input[key as keyof ReportFields];
    // A blank form field means "not given".
    if (value !== undefined && value !== null && !(typeof value === 'string' && value.trim() === '')) raw[key] = value;
  }
  const parsed = reportFieldsSchema.safeParse(raw);
  if (!parsed.success) throw badRequest(describeZodError(parsed.error));
  return parsed.data;
}

/** The team the report is made for: the key's team, else the first of the two that a signed-in user manages. */
function submittingTeam(actor: Actor, teams: ReportTeam[]): { id: number; tag: string } | undefined {
  if (actor.kind === 'team-key')
    return { id: actor.teamId, tag: teams.find((t) => t.id === actor.teamId)?.tag ?? actor.teamTag };
  if (actor.kind !== 'user') return undefined;
  const team = teams.find((t) => t.id !== null && actor.managedTeamIds.includes(t.id));
  return team && team.id !== null ? { id: team.id, tag: team.tag } : undefined;
}

function initialStatus(actor: Actor, kind: MatchType): CalculationStatus {
  if (kind === 'friendly') return 'skipped';
  return isAdmin(actor) ? 'queued' : 'pending';
}

/** The tournament of the report (findReportContext found it by `tag`): 400 when unknown, or missing for an event. */
function reportTournament(kind: MatchType, tag: string | undefined, found: number | undefined): number | null {
  if (tag === undefined) {
    if (kind === 'event') throw badRequest(messages.reportEventNeedsTournament);
    return null;
  }
  if (found === undefined) throw badRequest(messages.tournamentNotFound(tag));
  return found;
}

/**
 * Reports a match from a server log, the way POST /v2/matches/serverlog does: validates the input (400), checks
 * that the actor acts for one of the teams (401 anonymous, 403 otherwise), parses the log (form fields override
 * result/map/date/victor_side/duration), then in ONE transaction stores the upload (content-addressed), the match
 * in the current series, its players, aliases and per-player rows, and the audit entry. Status: friendlies
 * 'skipped', an admin's report 'queued', others 'pending' (awaiting the opponent). Reporting the same upload and
 * match index for the same winner/loser again returns the existing match (`created: false`) and writes nothing.
 * Any other report of a game already stored (same content key, or same two teams and map started within
 * SAME_GAME_WINDOW_MS) is refused with 409 `{error, match_id, series}` naming the existing match.
 */
export async function reportMatch(db: DB, actor: Actor, input: ReportInput): Promise<ReportResult> {
  // Its pool waits are served first (db/priority.ts); the rating pass it may start is not, so it starts out here.
  const { result, queued } = await urgently(() => writeReport(db, actor, input));
  if (queued) notifyQueued(db);
  return result;
}

async function writeReport(
  db: DB,
  actor: Actor,
  input: ReportInput,
): Promise<{ result: ReportResult; queued: boolean }> {
  if (actor.kind === 'anonymous') throw unauthorized(messages.reportUnauthorized);
  const data = readData(input.data);
  const fields = readFields(input);
  if (!input.file) throw badRequest(messages.reportMissingFile);
  const context = await keptReportContext(db, data.teams, fields.event);
  const [winner, loser] = resolveReportTeams(actor, data.teams, context.teams);
  const tournamentId = reportTournament(data.kind, fields.event, context.tournamentId);
  const { series } = context;
  if (!series) throw badRequest(messages.reportNoSeries);
  const overrides = normaliseOverrides(fields);
  const bytes = uploadBytes(input.file.content);
  const uploadedAt = input.now ?? new Date();
  // Decoding, parsing and building the rows take a worker thread, not the event loop nor the turn below.
  const prepared = await prepareReportInWorker({
    bytes,
    format: fields.format,
    // hlu-txt lines carry no year: without one given, it is read from the first line's weekday (prepare.ts).
    year: fields.year,
    uploadedAt: uploadedAt.getTime(),
    match: fields.match,
    overrides,
    kind: data.kind,
    teams: { winnerId: winner.id, loserId: loser.id },
  });
  const { facts, columns, sha256 } = prepared;
  // Kept so that a re-parse dates the match the same way.
  if (prepared.year !== undefined) overrides.year = prepared.year;
  await checkReportDate(db, { date: facts.date, uploadedAt, series, backdated: fields.backdated === true });
  const status = initialStatus(actor, data.kind);
  const userId = actor.kind === 'user' ? actor.userId : null;
  const submitter = submittingTeam(actor, [winner, loser]);
  const path = uploadPath(uploadedAt, sha256, input.file.name);
  // The name is the client's text, stored beside the verbatim bytes: NUL would fail the insert.
  const filename = replaceControlCharacters(input.file.name).slice(0, 255) || 'log.txt';

  // A report locks its game (lockGameAndStoreUpload: its content key and its two teams) before storing its upload,
  // so that only reports that could be of one game wait for each other. At most REPORTS_AT_ONCE of this process run
  // the transaction at once (db/semaphore.ts): a burst of reports waits here without holding every pooled connection.
  // The transaction is one round trip (db/one-trip.ts): the begin, the lock and the upload, the match with its checks
  // and audit entry, the commit.
  const game = { gameKey: columns.game_key, tags: [winner.tag, loser.tag] } as const;
  const upload = {
    sha256,
    path,
    filename,
    format: prepared.format,
    content: bytes,
    uploadedByUserId: userId,
    uploadedByTeamId: submitter?.id ?? null,
  };
  const match = {
    ...columns,
    series_id: series.id,
    title: fields.title ?? null,
    type: data.kind,
    tournament_id: tournamentId,
    map: facts.map,
    date: facts.date,
    result: facts.result,
    winner_tag: winner.tag,
    loser_tag: loser.tag,
    winner_team_id: winner.id,
    loser_team_id: loser.id,
    calculation_status: status,
    visibility: fields.visibility ?? 'public',
    submitted_by_tag: submitter?.tag ?? null,
    submitted_by_username: fields.username ?? (actor.kind === 'user' ? actor.name : null),
    submitted_by_team_id: submitter?.id ?? null,
    submitted_by_user_id: userId,
    url: fields.url ?? null,
    source: input.source ?? 'log',
    import_key: null,
    report_overrides: Object.keys(overrides).length > 0 ? jsonText(overrides) : null,
  };
  const statements = [
    lockGameAndStoreUpload(game, upload).compile(db),
    reportedMatchInsert(
      db,
      match,
      upload,
      { players: prepared.players, seen: facts.date, count: true, stats: prepared.stats },
      { series, teamIds: [winner.id, loser.id].filter((id): id is number => id !== null) },
      { ...game, map: facts.map, date: facts.date, windowMs: SAME_GAME_WINDOW_MS },
      (inserted) =>
        auditEach(inserted, actor, 'match.report', 'match', null, {
          teams: [winner.tag, loser.tag],
          kind: data.kind,
          result: facts.result,
          status,
          upload: sha256,
        }),
    ).compile(db),
  ];
  const result = await underSemaphore(
    db,
    'report',
    async (): Promise<ReportResult> => {
      try {
        const [, inserted] = await transactionInOneTrip(db, statements);
        return { match_id: (inserted!.rows[0] as { id: number }).id, series: series.tag, created: true };
      } catch (error) {
        const refusal = readReportRefusal(error);
        if (!refusal) throw error;
        // The game's lock, taken first, serialises the reports of one game: a resend that raced the original found
        // the original's match.
        if (refusal.kind === 'resent') return { match_id: refusal.match_id, series: refusal.series, created: false };
        throw conflict(messages.reportSameGame(refusal.match_id), {
          match_id: refusal.match_id,
          series: refusal.series,
        });
      }
    },
    REPORTS_AT_ONCE,
  );
  return { result, queued: result.created && status === 'queued' };
}
