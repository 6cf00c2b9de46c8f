/**
 * The demo community as a pure, deterministic plan (same options, same plan): series, teams with hidden true
 * strengths that drift over the months like real teams' (the season simulator's paths: improving, declining,
 * joining late, pausing), player pools, tournaments and a schedule of matches whose winners and results are drawn
 * from the strengths on the match day. seed.ts writes it through the application's services.
 */
import { LOG_FORMAT_TABLE, type LogFormat } from '#lib/schemas/log-formats.ts';
import { mulberry32, samplePlayers, type Rng, type SimPlayer } from '#lib/domain/logs/write/index.ts';
import { gaussian, isActive, planStrengths, resultForMargin, strengthAt } from '#lib/domain/rating/season.ts';
import type { TeamPath } from '#lib/domain/rating/season.ts';
import type { MatchType } from '#lib/server/db/tables/matches.ts';

export interface DemoOptions {
  seed: number;
  teams: number;
  matches: number;
  /** Players in each team's pool. Default 20. */
  playersPerTeam?: number;
  /** Matches end before this instant. Default: midnight UTC today. */
  anchor?: Date;
}

export interface PlannedSeries {
  tag: string;
  name: string;
  current: boolean;
  from: Date;
  to: Date;
}
export interface PlannedTeam {
  tag: string;
  name: string;
  /** True strength over the plan, day 0 = the first series' first day. */
  path: TeamPath;
  players: SimPlayer[];
}
export interface PlannedTournament {
  tag: string;
  name: string;
  event: boolean;
  active: boolean;
  series: number;
}

/** Who decides a reported match: the opponent approves or disputes, or nobody yet. */
export type Outcome = 'approve' | 'dispute' | 'pending';

export interface PlannedMatch {
  index: number;
  series: number;
  date: Date;
  winner: number;
  loser: number;
  /** '5-0', '4-1' or '3-2', from the performance margin. */
  result: string;
  winnerSide: 'Allies' | 'Axis';
  type: MatchType;
  tournament: number | null;
  visibility: 'public' | 'private';
  map: string;
  format: LogFormat;
  /** True when the winner reports (its opponent decides). */
  winnerReports: boolean;
  outcome: Outcome;
  /** Players per side in the log. */
  lineup: number;
  seed: number;
}

export interface DemoPlan {
  series: PlannedSeries[];
  teams: PlannedTeam[];
  tournaments: PlannedTournament[];
  matches: PlannedMatch[];
}

// Performance noise of one team in one match, in rating units (TrueSkill's default beta).
export const DEMO_BETA = 25 / 6;
// Random-walk drift of the true strengths per 30 days (see planStrengths): the simulator's drifting seasons.
export const DEMO_DRIFT = 1;
const DAY = 86_400_000;
const SERIES_DAYS = 90;
const MAPS = [
  'carentan',
  'foy',
  'stmariedumont',
  'stmereeglise',
  'purpleheartlane',
  'utahbeach',
  'omahabeach',
  'hurtgenforest',
  'hill400',
  'kursk',
  'stalingrad',
  'remagen',
  'kharkov',
  'driel',
  'elalamein',
  'mortain',
];
const FORMATS: LogFormat[] = LOG_FORMAT_TABLE.filter((entry) => entry.inDemo).map((entry) => entry.id);
const ADJECTIVES = [
  'Iron',
  'Red',
  'Night',
  'Storm',
  'Grey',
  'Black',
  'Royal',
  'Wild',
  'Silent',
  'Golden',
  'Élite',
  'Nord',
  'Frozen',
  'Lucky',
];
const NOUNS = [
  'Wolves',
  'Dragoons',
  'Rangers',
  'Hussars',
  'Falcons',
  'Pioneers',
  'Grenadiers',
  'Lancers',
  'Bären',
  'Ravens',
  'Jägers',
  'Vipers',
];

function planTeams(rng: Rng, options: DemoOptions, days: number): PlannedTeam[] {
  const perTeam = options.playersPerTeam ?? 20;
  const pool = samplePlayers(options.seed, options.teams * perTeam, { eosShare: 0.15 });
  const paths = planStrengths(rng, { teams: options.teams, days, drift: DEMO_DRIFT });
  return paths.map((path, i) => {
    const strength = path.strength[0]!;
    const name = `${ADJECTIVES[i % ADJECTIVES.length]} ${NOUNS[(i * 5 + Math.floor(i / NOUNS.length)) % NOUNS.length]}${i >= ADJECTIVES.length ? ` ${Math.floor(i / ADJECTIVES.length) + 1}` : ''}`;
    const initials = name
      .split(' ')
      .map((w) => w[0]!.normalize('NFD').replace(/[^A-Za-z0-9]/g, ''))
      .join('')
      .toUpperCase();
    const players = pool.slice(i * perTeam, (i + 1) * perTeam).map((p) => {
      // Players of stronger teams tend to be stronger; the simulator turns strength into kills and deaths.
      const own = 1 + 0.12 * ((strength - 25) / 4) + 0.25 * gaussian(rng);
      return { ...p, strength: Math.round(Math.min(2, Math.max(0.4, own)) * 100) / 100 };
    });
    return { tag: `[${initials}${i + 1}]`, name, path, players };
  });
}

function seriesCount(options: DemoOptions): number {
  return options.matches >= 60 ? 3 : 2;
}

function planSeries(options: DemoOptions, anchor: Date): PlannedSeries[] {
  const count = seriesCount(options);
  const span = SERIES_DAYS * DAY;
  return Array.from({ length: count }, (_, i) => {
    const back = count - 1 - i;
    return {
      tag: `S${i + 1}`,
      name: `Season ${i + 1}`,
      current: back === 0,
      from: new Date(anchor.getTime() - (back + 1) * span),
      to: new Date(anchor.getTime() - back * span - DAY),
    };
  });
}

function planTournaments(series: PlannedSeries[]): PlannedTournament[] {
  return series.flatMap((s, i) => [
    { tag: `CUP${i + 1}`, name: `${s.name} Cup`, event: true, active: s.current, series: i },
    { tag: `LEAGUE${i + 1}`, name: `${s.name} League`, event: false, active: s.current, series: i },
  ]);
}

/** A team's true strength at the end of a planned series (what `evaluate` ranks the final scores against). */
export function strengthAtSeriesEnd(plan: DemoPlan, team: number, series: number): number {
  const s = plan.series[series]!;
  const first = plan.series[0]!.from.getTime();
  return strengthAt(plan.teams[team]!.path, (s.to.getTime() - first) / DAY);
}

/** Builds the whole plan. Matches are in date order; the last few of the current series stay pending, one is disputed. */
export function planDemo(options: DemoOptions): DemoPlan {
  if (options.teams < 2) throw new RangeError('The demo needs at least 2 teams');
  const rng = mulberry32(options.seed);
  const anchor = options.anchor ?? new Date(Math.floor(Date.now() / DAY) * DAY);
  const teams = planTeams(rng, options, seriesCount(options) * SERIES_DAYS);
  const series = planSeries(options, anchor);
  const first = series[0]!.from.getTime();
  const indices = teams.map((_, i) => i);
  const tournaments = planTournaments(series);
  // Later series get more matches (the current one the most).
  const weights = series.map((_, i) => i + 2);
  const total = weights.reduce((a, b) => a + b, 0);
  const perSeries = weights.map((w) => Math.floor((options.matches * w) / total));
  perSeries[perSeries.length - 1]! += options.matches - perSeries.reduce((a, b) => a + b, 0);
  const matches: PlannedMatch[] = [];
  series.forEach((s, si) => {
    const dates = Array.from({ length: perSeries[si]! }, () => {
      const day = Math.floor(rng.next() * ((s.to.getTime() - s.from.getTime()) / DAY));
      return s.from.getTime() + day * DAY + (18 + rng.int(0, 4)) * 3_600_000 + rng.int(0, 3) * 900_000;
    }).sort((a, b) => a - b);
    for (const time of dates) {
      // Two teams playing that day, the busier ones more often.
      const day = (time - first) / DAY;
      const playing = indices.filter((i) => isActive(teams[i]!.path, day));
      const active = playing.length >= 2 ? playing : indices;
      const a = rng.weighted(active, (i) => teams[i]!.path.activity);
      const b = rng.weighted(
        active.filter((i) => i !== a),
        (i) => teams[i]!.path.activity,
      );
      const sa = strengthAt(teams[a]!.path, day);
      const sb = strengthAt(teams[b]!.path, day);
      const d = sa + DEMO_BETA * gaussian(rng) - (sb + DEMO_BETA * gaussian(rng));
      const roll = rng.next();
      const type: MatchType = roll < 0.08 ? 'friendly' : roll < 0.18 ? 'event' : 'competitive';
      const tournament = type === 'event' ? si * 2 : type === 'competitive' && rng.chance(0.25) ? si * 2 + 1 : null;
      matches.push({
        index: matches.length,
        series: si,
        date: new Date(time),
        winner: d >= 0 ? a : b,
        loser: d >= 0 ? b : a,
        result: resultForMargin(Math.abs(d), DEMO_BETA),
        winnerSide: rng.chance(0.5) ? 'Allies' : 'Axis',
        type,
        tournament,
        visibility: rng.chance(0.02) ? 'private' : 'public',
        map: rng.pick(MAPS),
        format: rng.pick(FORMATS),
        winnerReports: rng.chance(0.5),
        outcome: 'approve',
        lineup: rng.int(6, 9),
        seed: rng.int(1, 2 ** 31 - 1),
      });
    }
  });
  // The newest competitive matches: two still await approval, the one before was disputed.
  const open = matches.filter((m) => m.series === series.length - 1 && m.type !== 'friendly').slice(-3);
  open.forEach((m, i) => (m.outcome = i === 0 ? 'dispute' : 'pending'));
  return { series, teams, tournaments, matches };
}
