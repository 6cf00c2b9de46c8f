/**
 * The writes of `npm run bench:load`: new match reports by the demo's teams (real logs of their own players, each
 * a distinct match dated after everything the demo holds, so that approving one rates it incrementally instead of
 * replaying the series) sent as HLU's multipart upload, and a stock of pending matches for the admin to approve.
 */
import type { Kysely } from 'kysely';
import type { Database } from '#lib/server/db/database.ts';
import { simulateMatch, writeLog } from '#lib/domain/logs/write/index.ts';
import type { SimPlayer } from '#lib/domain/logs/write/index.ts';
import { cliActor } from '#lib/server/auth/actor.ts';
import { rotateApiKey } from '#lib/server/services/api-keys.ts';
import { reportMatch } from '#lib/server/services/ingestion/index.ts';
import { DEMO_DEFAULTS } from '#lib/server/services/demo/seed.ts';
import { planDemo } from '#lib/server/services/demo/plan.ts';

export interface LoadTeam {
  id: number;
  tag: string;
  key: string;
  players: SimPlayer[];
}

const MAPS = ['carentan', 'foy', 'stmariedumont', 'utahbeach', 'hill400', 'kursk'];
const BOUNDARY = '----hss-bench-load';

/** The demo's live teams with a fresh API key each and the players the demo plan gave them. */
export async function loadTeams(db: Kysely<Database>): Promise<LoadTeam[]> {
  const plan = planDemo({ ...DEMO_DEFAULTS });
  const players = new Map(plan.teams.map((t) => [t.tag, t.players]));
  const rows = await db
    .selectFrom('teams')
    .select(['id', 'tag'])
    .where('deleted_at', 'is', null)
    .orderBy('tag')
    .execute();
  const teams: LoadTeam[] = [];
  for (const row of rows) {
    const roster = players.get(row.tag);
    if (!roster || roster.length < 12) continue;
    teams.push({ ...row, key: await rotateApiKey(db, cliActor, row.id), players: roster });
  }
  if (teams.length < 2) throw new Error('the demo community has fewer than two teams with players');
  return teams;
}

/**
 * The simulation seed of match `n` of a run starting at `start` (FNV-1a of both). A game's content key (its players'
 * kill times) follows from the seed alone, whatever its date: seeds numbered from 0 in every run made a run on a
 * template that already held those games report them again, refused as the same game (409).
 */
function matchSeed(start: Date, n: number): number {
  let hash = 0x811c9dc5;
  for (const char of `${start.getTime()}:${n}`) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
  return hash >>> 0;
}

/**
 * Match `n` between team n and the next one, dated `start` + n minutes: a short log of 12 players a side, a game of
 * its own for each `start` and `n`.
 */
export function matchLog(
  teams: LoadTeam[],
  n: number,
  start: Date,
): { reporter: LoadTeam; tags: string[]; log: string } {
  const home = teams[n % teams.length]!;
  const away = teams[(n + 1 + Math.floor(n / teams.length)) % teams.length]!;
  const opponent = away === home ? teams[(n + 1) % teams.length]! : away;
  const sim = simulateMatch({
    seed: matchSeed(start, n),
    start: new Date(start.getTime() + n * 60_000),
    durationMinutes: 12,
    map: MAPS[n % MAPS.length]!,
    allies: home.players.slice(0, 12),
    axis: opponent.players.slice(0, 12),
    alliedScore: n % 3 === 0 ? 5 : 3,
    axisScore: n % 3 === 0 ? 0 : 2,
    killsPerMinute: 3,
    chats: 2,
  });
  return { reporter: home, tags: [home.tag, opponent.tag], log: writeLog('hlu-txt', sim.events) };
}

/** The multipart body HLU sends to POST /v2/matches/serverlog, with its content type. */
export function reportBody(tags: string[], log: string, year: number): { body: Buffer; contentType: string } {
  const part = (name: string, value: string, file?: string) =>
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${file ? `; filename="${file}"` : ''}\r\n` +
    `${file ? 'Content-Type: text/plain; charset=utf-8\r\n' : ''}\r\n${value}\r\n`;
  const text =
    part('data', JSON.stringify({ teams: tags, kind: 'competitive' })) +
    part('username', 'bench#0001') +
    part('year', String(year)) +
    part('file', log, 'export.txt') +
    `--${BOUNDARY}--\r\n`;
  return { body: Buffer.from(text), contentType: `multipart/form-data; boundary=${BOUNDARY}` };
}

/** Reports `count` matches through the services (as their reporters' keys): pending, awaiting approval. */
export async function pendingStock(
  db: Kysely<Database>,
  teams: LoadTeam[],
  count: number,
  start: Date,
): Promise<number[]> {
  const ids: number[] = [];
  for (let n = 0; n < count; n++) {
    const { reporter, tags, log } = matchLog(teams, n, start);
    const actor = { kind: 'team-key', teamId: reporter.id, teamTag: reporter.tag } as const;
    const report = await reportMatch(db, actor, {
      data: { teams: tags, kind: 'competitive' },
      file: { name: `stock-${n}.txt`, content: log },
      format: 'hlu-txt',
      year: start.getUTCFullYear(),
    });
    ids.push(report.match_id);
  }
  return ids;
}
