/**
 * `hss demo seed` and the first `npm start` on an empty database: writes the demo community of plan.ts.
 *
 * - Demo users: the demo admin (ADMIN), manager (TEAM_MANAGER of the first team by tag) and user, with the fixed
 *   fake Discord ids of the demo sign-in (auth/demo.ts).
 * - Series S1..Sn (the last current); every team is rated in every series with its hidden true strength at the
 *   series' end (team_ratings.true_strength: strengths drift); players get theirs (players.true_strength) after
 *   their first report.
 * - Matches are real logs (simulateMatch + writers, mixing hlu-txt, hlu-csv and rcon), each stored as reported by
 *   one team with its API key (the log kept verbatim as an upload) and approved or disputed by the other; friendlies
 *   need no approval and a few matches stay pending. By default they are loaded in bulk (load.ts: written and parsed
 *   on worker threads, loaded by binary COPY); `via: 'services'` sends each through the same services as the API
 *   (reportMatch, decideMatch), one at a time, and gives the same database (demo-load.test.ts).
 * - Rating runs once per series at the end (the rating queue is paused meanwhile): ratings, skills, percentiles
 *   and statistics, exactly as the queue would compute them, then the automatic refit check the queue runs after a
 *   pass (a series with enough rated matches records a fit, and adopts it when it predicts better).
 */
import { cliActor, type Actor } from '#lib/server/auth/actor.ts';
import type { DB } from '#lib/server/db/index.ts';
import { DEMO_USERS } from '#lib/server/auth/demo.ts';
import { conflict } from '#lib/server/core/errors.ts';
import { messages } from '#lib/server/core/messages.ts';
import { inStep, noProgress, type Progress, type ProgressStep } from '#lib/server/progress.ts';
import { insertTournament } from '#lib/server/repositories/imports.ts';
import { setCurrentSeries } from '#lib/server/repositories/series.ts';
import { ensureTeamRating } from '#lib/server/repositories/teams-write.ts';
import { upsertDiscordUser } from '#lib/server/repositories/users.ts';
import { analyzeLoadedTables, setPlayerTrueStrengths, setTeamTrueStrength } from '#lib/server/repositories/demo.ts';
import { reportMatch } from '#lib/server/services/ingestion/index.ts';
import { decideMatch } from '#lib/server/services/match-actions.ts';
import { ratingQueueIdle, withRatingQueuePaused } from '#lib/server/services/rating-queue.ts';
import { recomputeSeries } from '#lib/server/services/ratings/process.ts';
import { recomputeRatings } from '#lib/server/services/ratings/rate.ts';
import { refitSeries } from '#lib/server/services/ratings/refit.ts';
import { createSeries } from '#lib/server/services/series.ts';
import { createTeam } from '#lib/server/services/teams-write.ts';
import { grantRole } from '#lib/server/services/users.ts';
import { demoFileName } from './generate.ts';
import { loadDemoMatches } from './load.ts';
import { demoLog, demoLogSize } from './logs.ts';
import { planDemo, strengthAtSeriesEnd, type DemoOptions, type DemoPlan, type PlannedMatch } from './plan.ts';

export const DEMO_DEFAULTS = { seed: 1, teams: 40, matches: 1500 } as const;

/** Loaded tables that rating a series leaves unchanged (the lines carry their percentiles from the report). */
const UNRATED_TABLES = ['player_match_stats', 'players', 'player_aliases'];

export interface DemoSeedOptions extends Partial<DemoOptions> {
  /** Where the seed reports how far it has come (the CLI and `npm start` draw it). */
  progress?: Progress;
  /**
   * 'bulk' (default): the matches are loaded in bulk (load.ts); 'services': each is reported and decided through
   * the services, one at a time (slow; the reference the bulk load is tested against).
   */
  via?: 'bulk' | 'services';
  /** Bulk load: worker threads writing the logs (0: none); default two, none for a small community. */
  workers?: number;
}

export interface DemoSummary {
  series: number;
  teams: number;
  players: number;
  matches: number;
  reported: number;
  posted: number;
  seconds: number;
  times: DemoSeedTimes;
}

const DAY_MS = 86_400_000;
const startOfTodayUtc = () => new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS);

const teamKey = (plan: DemoPlan, ids: number[], i: number): Actor => ({
  kind: 'team-key',
  teamId: ids[i]!,
  teamTag: plan.teams[i]!.tag,
});

async function createUsers(db: DB, managedTeamId: number): Promise<void> {
  for (const [role, who] of Object.entries(DEMO_USERS)) {
    await upsertDiscordUser(db, { discordId: who.discordId, name: who.name, avatar: null });
    const granted = role === 'admin' ? 'ADMIN' : role === 'manager' ? 'TEAM_MANAGER' : 'USER';
    await grantRole(db, cliActor, who.discordId, granted, role === 'manager' ? managedTeamId : undefined);
  }
}

/**
 * Creates the series (none current yet), the teams with a rating row and hidden strength in every series, the
 * tournaments and the demo users, through the services; `step` counts the teams. Returns their ids by plan index.
 */
async function createCommunity(
  db: DB,
  plan: DemoPlan,
  step: ProgressStep,
): Promise<{ seriesIds: number[]; teamIds: number[]; tournamentIds: number[] }> {
  const seriesIds: number[] = [];
  for (const s of plan.series) {
    await createSeries(db, { tag: s.tag, name: s.name, current: false });
    seriesIds.push((await db.selectFrom('series').select('id').where('tag', '=', s.tag).executeTakeFirstOrThrow()).id);
  }
  const teamIds: number[] = [];
  for (const [ti, t] of plan.teams.entries()) {
    const team = await createTeam(db, cliActor, { tag: t.tag, name: t.name, seriesTag: plan.series[0]!.tag });
    for (const [si, id] of seriesIds.entries()) {
      await ensureTeamRating(db, id, team.id);
      await setTeamTrueStrength(db, id, team.id, strengthAtSeriesEnd(plan, ti, si));
    }
    teamIds.push(team.id);
    step.advance();
  }
  const tournamentIds: number[] = [];
  for (const t of plan.tournaments) {
    tournamentIds.push(
      await insertTournament(db, {
        tag: t.tag,
        name: t.name,
        event: t.event,
        active: t.active,
        seriesId: seriesIds[t.series]!,
        description: `${t.name} (demo)`,
      }),
    );
  }
  const firstByTag = [...plan.teams.keys()].sort((a, b) => (plan.teams[a]!.tag < plan.teams[b]!.tag ? -1 : 1))[0]!;
  await createUsers(db, teamIds[firstByTag]!);
  return { seriesIds, teamIds, tournamentIds };
}

/** Reports a planned match with the reporting team's key, then lets the opponent's key decide it as planned. */
async function reportThroughServices(
  db: DB,
  plan: DemoPlan,
  ids: number[],
  seriesTag: string,
  tournaments: string[],
  m: PlannedMatch,
): Promise<void> {
  const reporter = m.winnerReports ? m.winner : m.loser;
  const opponent = m.winnerReports ? m.loser : m.winner;
  const report = await reportMatch(db, teamKey(plan, ids, reporter), {
    data: { teams: [plan.teams[m.winner]!.tag, plan.teams[m.loser]!.tag], kind: m.type },
    file: {
      name: demoFileName(m),
      content: demoLog(plan, m, demoLogSize(m)),
    },
    format: m.format,
    year: m.date.getUTCFullYear(),
    visibility: m.visibility,
    ...(m.tournament === null ? {} : { event: tournaments[m.tournament] }),
    source: 'demo',
    now: new Date(m.date.getTime() + 3_600_000),
    // The plan's matches are reported series by series, not in date order: every date is the plan's own.
    backdated: true,
  });
  if (m.type === 'friendly' || m.outcome === 'pending') return;
  await decideMatch(
    db,
    teamKey(plan, ids, opponent),
    seriesTag,
    String(report.match_id),
    m.outcome === 'dispute' ? 'dispute' : 'approve',
  );
}

/** How long each part of a seed took (seconds), for `npm run bench:seed`. */
export interface DemoSeedTimes {
  /** Series, teams, ratings rows, tournaments and users, through the services. */
  setup: number;
  /** The reported and decided matches. */
  matches: number;
  /** Of `matches` (bulk load only): waiting for the workers' rows, and loading them. */
  waitedForRows?: number;
  loading?: number;
  /** Players' hidden strengths. */
  strengths: number;
  /** Rating every series (ratings, skills, percentiles, statistics, the refit check). */
  rating: number;
  /** Of `rating`: the replays and recomputes, and the refit checks (with the recompute of an adopted fit). */
  recompute: number;
  refit: number;
  /** Planner statistics: of the loaded tables before rating, then of those rating wrote. */
  analyze: number;
}

/** Writes every planned match one at a time through the services (the reference the bulk load is held to). */
async function reportEachThroughServices(
  db: DB,
  plan: DemoPlan,
  seriesIds: number[],
  teamIds: number[],
  tournamentTags: string[],
  step: ProgressStep,
): Promise<void> {
  for (const [si, s] of plan.series.entries()) {
    // Reports go to the current series.
    await setCurrentSeries(db, seriesIds[si]!);
    for (const m of plan.matches.filter((p) => p.series === si)) {
      await reportThroughServices(db, plan, teamIds, s.tag, tournamentTags, m);
      step.advance();
    }
  }
  await setCurrentSeries(db, seriesIds[seriesIds.length - 1]!);
}

/**
 * Rates a series loaded in bulk to what ratings/refit.ts recomputeAndRefit gives (a recompute, then the refit check
 * the rating worker runs after a pass, whose adopted fit recomputes the series again), refreshing its skills,
 * percentiles and statistics once instead of after each replay: the replay of the ratings takes a small part of a
 * recompute. First the ratings alone (the refit check reads the posted matches), then the refit check, then, unless
 * an adopted fit has just recomputed the series, the recompute. Returns the matches posted; adds to `times`.
 */
async function rateLoadedSeries(
  db: DB,
  seriesId: number,
  times: Partial<DemoSeedTimes>,
  step: ProgressStep,
): Promise<number> {
  let at = performance.now();
  const { posted } = await db.transaction().execute((trx) => recomputeRatings(trx, seriesId));
  times.recompute = (times.recompute ?? 0) + (performance.now() - at) / 1000;
  step.advance();
  at = performance.now();
  const fit = await refitSeries(db, seriesId, 'auto');
  times.refit = (times.refit ?? 0) + (performance.now() - at) / 1000;
  step.advance(fit?.adopted ? 2 : 1);
  at = performance.now();
  if (!fit?.adopted) {
    await recomputeSeries(db, seriesId);
    step.advance();
  }
  times.recompute += (performance.now() - at) / 1000;
  return posted;
}

/** Seeds the demo community into an EMPTY database (409 otherwise). Deterministic for the same options. */
export async function seedDemo(db: DB, options: DemoSeedOptions = {}): Promise<DemoSummary> {
  const t0 = performance.now();
  const progress = options.progress ?? noProgress;
  const lap = (() => {
    let at = t0;
    return () => {
      const now = performance.now();
      const seconds = (now - at) / 1000;
      at = now;
      return seconds;
    };
  })();
  if (await db.selectFrom('series').select('id').limit(1).executeTakeFirst()) {
    throw conflict(messages.demoNotEmpty);
  }
  const planOptions = {
    seed: options.seed ?? DEMO_DEFAULTS.seed,
    teams: options.teams ?? DEMO_DEFAULTS.teams,
    matches: options.matches ?? DEMO_DEFAULTS.matches,
    ...(options.playersPerTeam ? { playersPerTeam: options.playersPerTeam } : {}),
    anchor: options.anchor ?? startOfTodayUtc(),
  };
  const plan = planDemo(planOptions);

  const { seriesIds, teamIds, tournamentIds } = await inStep(
    progress,
    'Creating series, teams and users',
    plan.teams.length,
    'teams',
    (step) => createCommunity(db, plan, step),
  );
  const times: Partial<DemoSeedTimes> = { setup: lap() };

  const posted = await withRatingQueuePaused(db, async () => {
    await inStep(progress, 'Writing matches', plan.matches.length, 'matches', async (step) => {
      if (options.via === 'services')
        await reportEachThroughServices(
          db,
          plan,
          seriesIds,
          teamIds,
          plan.tournaments.map((t) => t.tag),
          step,
        );
      else {
        // The matches go to their own series; the last one is current, as after reporting through the services.
        await setCurrentSeries(db, seriesIds[seriesIds.length - 1]!);
        const loaded = await loadDemoMatches(
          db,
          plan,
          planOptions,
          { teams: teamIds, series: seriesIds, tournaments: tournamentIds },
          step,
          options.workers,
        );
        times.waitedForRows = loaded.waitedForRows;
        times.loading = loaded.loading;
      }
    });
    times.matches = lap();
    const strengths = plan.teams.flatMap((t) => t.players.map((p) => ({ steam_id: p.id, strength: p.strength ?? 1 })));
    await setPlayerTrueStrengths(db, strengths);
    times.strengths = lap();
    // The rating step reads the loaded tables (the series statistics count a series' players over its lines): with
    // no statistics (PGlite has no autovacuum) the planner chose plans that took seconds a series.
    await analyzeLoadedTables(db);
    times.analyze = lap();
    // Three parts a series (rateLoadedSeries), so that a line comes more often than once a series.
    const count = await inStep(progress, 'Rating every series', seriesIds.length * 3, 'parts', async (step) => {
      let rated = 0;
      for (const id of seriesIds) rated += await rateLoadedSeries(db, id, times, step);
      return rated;
    });
    times.rating = lap();
    // Then those of the tables rating wrote (the lines, players and names it leaves as they were loaded).
    await analyzeLoadedTables(db, UNRATED_TABLES);
    times.analyze += lap();
    return count;
  });
  // A notification that arrived while paused runs once more (a no-op after the recompute); let it finish.
  await ratingQueueIdle(db);
  const players = await db
    .selectFrom('players')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return {
    series: plan.series.length,
    teams: plan.teams.length,
    players: Number(players.n),
    matches: plan.matches.length,
    reported: plan.matches.length,
    posted,
    seconds: (performance.now() - t0) / 1000,
    times: times as DemoSeedTimes,
  };
}

/** One line describing a seed. */
export function describeDemo(s: DemoSummary): string {
  return (
    `Seeded the demo community: ${s.series} series, ${s.teams} teams, ${s.players} players, ${s.matches} matches ` +
    `(${s.reported} reported and decided, ${s.posted} rated) in ${s.seconds.toFixed(1)} s.`
  );
}
