/**
 * The demo community's reported matches as rows, without a database: each planned match's log is written
 * (logs.ts), parsed and turned into rows by the report's own preparation (ingestion/prepare.ts), and laid out as
 * reporting it with one team's API key and deciding it with the other's would store it (ingestion/report.ts,
 * match-actions.ts decideMatch): upload, match, player lines, audit entries, players and names. Pure and
 * deterministic: it runs on worker threads (generate-worker.ts), a chunk of matches per task.
 */
import { actorLabel, type Actor } from '#lib/server/auth/actor.ts';
import { jsonText } from '#lib/server/db/json-text.ts';
import {
  encodeDemoRows,
  type DemoAuditRow,
  type DemoCopyData,
  type DemoMatchRow,
  type DemoStatRow,
  type DemoUploadRow,
  type SeenAliasRow,
  type SeenPlayerRow,
} from '#lib/server/repositories/demo-load.ts';
import { replaceControlCharacters } from '#lib/schemas/text.ts';
import { prepareReport } from '#lib/server/services/ingestion/prepare.ts';
import { uploadPath } from '#lib/server/services/ingestion/upload.ts';
import { demoLog, demoLogSize } from './logs.ts';
import { planDemo, type DemoOptions, type DemoPlan, type PlannedMatch } from './plan.ts';
import { isYearless, logFormat } from '#lib/schemas/log-formats.ts';

/** The database ids a chunk's rows refer to: by plan index (teams, series, tournaments) or by match of the chunk. */
export interface DemoIds {
  teams: readonly number[];
  series: readonly number[];
  tournaments: readonly number[];
  /** Of the chunk's matches, in plan order (reserved from their sequences). */
  matches: readonly number[];
  uploads: readonly number[];
  /** The chunk's audit entries: each match's report, then its decision when it has one. */
  audit: readonly number[];
}

/** One task: the plan's matches [from, to) of the plan `options` gives. */
export interface DemoChunkRequest {
  options: DemoOptions & { anchor: Date };
  from: number;
  to: number;
  ids: DemoIds;
  /** When the opponents decided (approved_at, disputed_at): when the seed ran. */
  decidedAt: Date;
}

/** What a stored game is told apart by (ingestion/report.ts refuses a second report of one game). */
export interface DemoGame {
  matchId: number;
  sha256: string;
  gameKey: string | null;
  tags: readonly [string, string];
  map: string;
  date: Date;
}

/** A chunk ready to load: its COPY data, its players and names (upsert), and its games (checked across chunks). */
export interface DemoChunk {
  from: number;
  to: number;
  data: DemoCopyData;
  players: SeenPlayerRow[];
  aliases: SeenAliasRow[];
  games: DemoGame[];
  /** Bytes of logs written. */
  logBytes: number;
}

/** Whether the opponent decides a planned match (friendlies need no approval; some stay pending). */
export const isDecided = (m: PlannedMatch) => m.type !== 'friendly' && m.outcome !== 'pending';

type TeamKey = Extract<Actor, { kind: 'team-key' }>;

const teamKey = (plan: DemoPlan, ids: DemoIds, i: number): TeamKey => ({
  kind: 'team-key',
  teamId: ids.teams[i]!,
  teamTag: plan.teams[i]!.tag,
});

/** The name a demo match's log is uploaded under (the same as through the services). */
export const demoFileName = (m: PlannedMatch) => `demo-${m.index}.${logFormat(m.format).extension}`;

/**
 * Players and names seen in a run of matches, folded in report order as players-write.ts writes them: a player's
 * name is that of their latest match (ties: the later report), first and last seen widen; a name counts the
 * matches it was used in. Folding the folds of consecutive runs gives the fold of the whole run.
 */
export class SeenPlayers {
  readonly players = new Map<string, SeenPlayerRow>();
  readonly aliases = new Map<string, SeenAliasRow>();

  /** Adds the players of one match played at `seen`. */
  addMatch(seen: Date, players: readonly { steamId: string; name: string; aliases: string[] }[]): void {
    for (const p of players) {
      this.addPlayer({ steam_id: p.steamId, name: p.name, first_seen: seen, last_seen: seen });
      for (const name of new Set([...p.aliases, p.name]))
        this.addAlias({ steam_id: p.steamId, name, first_seen: seen, last_seen: seen, times_seen: 1 });
    }
  }

  /** Adds the fold of the run that follows. */
  addRun(players: readonly SeenPlayerRow[], aliases: readonly SeenAliasRow[]): void {
    for (const p of players) this.addPlayer(p);
    for (const a of aliases) this.addAlias(a);
  }

  private addPlayer(p: SeenPlayerRow): void {
    const known = this.players.get(p.steam_id);
    if (!known) this.players.set(p.steam_id, { ...p });
    else {
      if (p.last_seen >= known.last_seen) known.name = p.name;
      if (p.first_seen < known.first_seen) known.first_seen = p.first_seen;
      if (p.last_seen > known.last_seen) known.last_seen = p.last_seen;
    }
  }

  private addAlias(a: SeenAliasRow): void {
    const key = `${a.steam_id}\n${a.name}`;
    const known = this.aliases.get(key);
    if (!known) this.aliases.set(key, { ...a });
    else {
      known.times_seen += a.times_seen;
      if (a.first_seen < known.first_seen) known.first_seen = a.first_seen;
      if (a.last_seen > known.last_seen) known.last_seen = a.last_seen;
    }
  }
}

/** The rows of the plan's matches [from, to) (see the module comment). */
export function generateDemoChunk(plan: DemoPlan, request: DemoChunkRequest): DemoChunk {
  const { ids, from, to, decidedAt } = request;
  const uploads: DemoUploadRow[] = [];
  const matches: DemoMatchRow[] = [];
  const stats: DemoStatRow[] = [];
  const audit: DemoAuditRow[] = [];
  const games: DemoGame[] = [];
  const seen = new SeenPlayers();
  let logBytes = 0;
  let nextAudit = 0;
  for (let index = from; index < to; index++) {
    const m = plan.matches[index]!;
    const matchId = ids.matches[index - from]!;
    const uploadId = ids.uploads[index - from]!;
    const [winner, loser] = [plan.teams[m.winner]!, plan.teams[m.loser]!];
    const reporter = teamKey(plan, ids, m.winnerReports ? m.winner : m.loser);
    const opponent = teamKey(plan, ids, m.winnerReports ? m.loser : m.winner);
    const bytes = new TextEncoder().encode(demoLog(plan, m, demoLogSize(m)));
    logBytes += bytes.byteLength;
    const year = m.date.getUTCFullYear();
    const prepared = prepareReport({
      bytes,
      format: m.format,
      year,
      uploadedAt: m.date.getTime() + 3_600_000,
      match: undefined,
      overrides: {},
      kind: m.type,
      teams: { winnerId: ids.teams[m.winner]!, loserId: ids.teams[m.loser]! },
    });
    const { facts, columns, sha256 } = prepared;
    const name = demoFileName(m);
    uploads.push({
      id: uploadId,
      sha256,
      path: uploadPath(new Date(m.date.getTime() + 3_600_000), sha256, name),
      filename: replaceControlCharacters(name).slice(0, 255) || 'log.txt',
      format: prepared.format,
      size_bytes: bytes.byteLength,
      content: bytes,
      uploaded_by_user_id: null,
      uploaded_by_team_id: reporter.teamId,
    });
    const reported = m.type === 'friendly' ? 'skipped' : 'pending';
    const decision = isDecided(m) ? (m.outcome === 'dispute' ? 'dispute' : 'approve') : null;
    matches.push({
      ...columns,
      id: matchId,
      series_id: ids.series[m.series]!,
      title: null,
      type: m.type,
      tournament_id: m.tournament === null ? null : ids.tournaments[m.tournament]!,
      map: facts.map,
      date: facts.date,
      duration: facts.duration,
      result: facts.result,
      winner_tag: winner.tag,
      loser_tag: loser.tag,
      winner_team_id: ids.teams[m.winner]!,
      loser_team_id: ids.teams[m.loser]!,
      calculation_status: decision === 'approve' ? 'queued' : decision === 'dispute' ? 'disputed' : reported,
      visibility: m.visibility,
      submitted_by_tag: reporter.teamTag,
      submitted_by_username: null,
      submitted_by_team_id: reporter.teamId,
      submitted_by_user_id: null,
      cap_flips: columns.cap_flips as string,
      kill_statistics: columns.kill_statistics as string | null,
      url: null,
      log_upload_id: uploadId,
      log_format: columns.log_format!,
      log_match_index: columns.log_match_index!,
      source: 'demo',
      import_key: null,
      approved_by_user_id: null,
      approved_at: decision === 'approve' ? decidedAt : null,
      disputed_by_user_id: null,
      disputed_at: decision === 'dispute' ? decidedAt : null,
      // hlu-txt lines carry no year: the report keeps the one it was given, so that a re-parse agrees.
      report_overrides: isYearless(prepared.format) ? jsonText({ year }) : null,
    });
    for (const line of JSON.parse(prepared.stats.json) as DemoStatRow[]) stats.push({ ...line, match_id: matchId });
    seen.addMatch(facts.date, prepared.players);
    const entry = (actor: TeamKey, action: string, before: unknown, after: unknown) =>
      audit.push({
        id: ids.audit[nextAudit++]!,
        actor_user_id: null,
        actor_team_id: actor.teamId,
        actor_label: actorLabel(actor),
        action,
        entity_type: 'match',
        entity_id: String(matchId),
        before: jsonText(before),
        after: jsonText(after),
      });
    entry(reporter, 'match.report', null, {
      teams: [winner.tag, loser.tag],
      kind: m.type,
      result: facts.result,
      status: reported,
      upload: sha256,
    });
    if (decision)
      entry(
        opponent,
        `match.${decision}`,
        { calculation_status: reported },
        { calculation_status: decision === 'approve' ? 'queued' : 'disputed' },
      );
    games.push({
      matchId,
      sha256,
      gameKey: columns.game_key,
      tags: [winner.tag, loser.tag],
      map: facts.map,
      date: facts.date,
    });
  }
  return {
    from,
    to,
    data: encodeDemoRows({ uploads, matches, stats, audit }),
    players: [...seen.players.values()],
    aliases: [...seen.aliases.values()],
    games,
    logBytes,
  };
}

let cached: { key: string; plan: DemoPlan } | undefined;

/** generateDemoChunk with the plan of `request.options`, made once per worker and options. */
export function generateDemoChunkOf(request: DemoChunkRequest): DemoChunk {
  const key = JSON.stringify(request.options);
  if (cached?.key !== key) cached = { key, plan: planDemo(request.options) };
  return generateDemoChunk(cached.plan, request);
}
