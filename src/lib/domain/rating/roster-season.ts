/**
 * A season simulator in which who played matters. Every team is a pool of players recruited around the clan's level
 * (its players' skills spread around it); each player's skill drifts on its own, players leave (some to another
 * team), squads move together, recruits join, and in cup matches a team fields part of its lineup from its partner
 * clan. A match fields a sample of each pool (regulars more often), each player with a time on the server. The
 * true strength of a side is what the team is beyond its players (the arcs of season.ts: leadership, tactics, at
 * a smaller spread) plus the time-weighted mean skill of the players who played; the result is drawn from it as in
 * season.ts and the oracle knows it. The logs' lineups come with the matches.
 */
import { mulberry32, type Rng } from '#lib/domain/logs/write/prng.ts';
import { DAY_MS } from './dynamics.ts';
import { cdf } from './gaussian.ts';
import {
  gaussian,
  matchTimes,
  pairOfTheDay,
  planStrengths,
  resultForMargin,
  strengthAt,
  type SimulatedSeason,
} from './season.ts';
import type { LineupEntry, PlayerKey, RatedMatch } from './types.ts';

/** Options of {@link simulateRosterSeason}. */
export interface RosterSeasonOptions {
  readonly seed: number;
  readonly teams: number;
  readonly matches: number;
  /** Season length in days. Default 180. */
  readonly days?: number;
  /** How much the teams' own part and the players' skills move (see StrengthOptions.drift). Default 0. */
  readonly drift?: number;
  /** Performance noise. Default 25/6. */
  readonly beta?: number;
  /** Players a team starts with. Default 60. */
  readonly pool?: number;
  /** Players a side fields (±5). Default 45. */
  readonly lineup?: number;
  /** Share of matches that are cup matches (a third to a half of each lineup from the partner clan). Default 0.2. */
  readonly cupShare?: number;
  /** Daily chance that a player leaves their team (half of the leavers join another team). Default 0.004. */
  readonly churn?: number;
  /** Day 0. Default 2026-01-01. */
  readonly start?: Date;
}

/** The length of a match in seconds (a full-time player's time on the server). */
export const MATCH_SECONDS = 5400;

// Spreads in rating units: clans' levels, players around their clan, the team's own part beyond its players.
const CLAN_SPREAD = 4;
const PLAYER_SPREAD = 4;
const TEAM_SPREAD = 2;
// The team's own part drifts this much slower than the players: what changes a team is mostly who plays for it.
const TEAM_DRIFT = 0.3;
// A team loses a squad to another team about this often per day.
const SQUAD_MOVE_RATE = 1 / 240;

interface Pools {
  readonly members: number[][];
  readonly skill: number[];
  readonly attendance: number[];
}

/** Efraimidis-Spirakis: `n` members drawn without replacement with probability proportional to attendance. */
function sample(rng: Rng, members: readonly number[], attendance: readonly number[], n: number): number[] {
  return members
    .map((p) => ({ p, key: Math.pow(Math.max(rng.next(), 1e-12), 1 / attendance[p]!) }))
    .sort((a, b) => b.key - a.key)
    .slice(0, n)
    .map((x) => x.p);
}

function recruit(rng: Rng, pools: Pools, team: number, clan: number): void {
  pools.skill.push(clan + PLAYER_SPREAD * gaussian(rng));
  pools.attendance.push(0.3 + 0.7 * rng.next());
  pools.members[team]!.push(pools.skill.length - 1);
}

/** One day of player movement: skills drift, players leave or change team, squads move, recruits join. */
function moveDay(rng: Rng, pools: Pools, clans: readonly number[], step: number, churn: number, target: number): void {
  for (let p = 0; p < pools.skill.length; p++) pools.skill[p] = pools.skill[p]! + step * gaussian(rng);
  const teams = pools.members.length;
  for (let t = 0; t < teams; t++) {
    const kept: number[] = [];
    for (const p of pools.members[t]!) {
      if (!rng.chance(churn)) kept.push(p);
      else if (rng.chance(0.5)) pools.members[(t + rng.int(1, teams - 1)) % teams]!.push(p);
    }
    pools.members[t] = kept;
    if (rng.chance(SQUAD_MOVE_RATE) && kept.length > 20) {
      const squad = new Set(sample(rng, kept, pools.attendance, rng.int(8, 15)));
      pools.members[t] = kept.filter((p) => !squad.has(p));
      pools.members[(t + rng.int(1, teams - 1)) % teams]!.push(...squad);
    }
    while (pools.members[t]!.length < target * 0.8 || rng.chance(churn * target * 0.5))
      recruit(rng, pools, t, clans[t]!);
  }
}

function secondsOnServer(rng: Rng): number {
  return rng.chance(0.75) ? MATCH_SECONDS : rng.int(600, MATCH_SECONDS - 1);
}

/**
 * A side's lineup (`cup`: part of it from the partner clan, unless the partner is the opponent) and its
 * time-weighted mean skill.
 */
function field(
  rng: Rng,
  pools: Pools,
  team: number,
  partner: number,
  opponent: number,
  size: number,
  cup: boolean,
  taken: ReadonlySet<PlayerKey> = new Set(),
) {
  const guests = cup && partner !== opponent ? Math.round(size * (1 / 3 + rng.next() / 6)) : 0;
  const players = [
    ...sample(rng, pools.members[team]!, pools.attendance, size - guests),
    ...sample(
      rng,
      pools.members[partner]!.filter((p) => !taken.has(`P${p + 1}`)),
      pools.attendance,
      guests,
    ),
  ];
  const entries: LineupEntry[] = [];
  let weighted = 0;
  let total = 0;
  for (const p of players) {
    const seconds = secondsOnServer(rng);
    entries.push({ player: `P${p + 1}`, seconds });
    weighted += seconds * pools.skill[p]!;
    total += seconds;
  }
  return { entries, skill: total > 0 ? weighted / total : 0 };
}

/**
 * Simulates a roster season: match days and pairings as in simulateSeason (the teams' own arcs decide who plays
 * when), each side's lineup fielded from its pool on the day (player keys 'P1'...), its true strength the team's
 * own part plus the time-weighted mean skill of its lineup. Deterministic for the same options.
 */
export function simulateRosterSeason(options: RosterSeasonOptions): SimulatedSeason {
  if (options.teams < 2) throw new RangeError('A season needs at least 2 teams');
  const rng = mulberry32(options.seed);
  const days = options.days ?? 180;
  const beta = options.beta ?? 25 / 6;
  const drift = options.drift ?? 0;
  const poolSize = options.pool ?? 60;
  const lineup = options.lineup ?? 45;
  const cupShare = options.cupShare ?? 0.3;
  const churn = options.churn ?? 0.004;
  const start = (options.start ?? new Date(Date.UTC(2026, 0, 1))).getTime();
  const paths = planStrengths(rng, { teams: options.teams, days, drift: TEAM_DRIFT * drift, spread: TEAM_SPREAD });
  const clans = paths.map(() => CLAN_SPREAD * gaussian(rng));
  const partners = paths.map((_, t) => (t + rng.int(1, options.teams - 1)) % options.teams);
  const pools: Pools = { members: paths.map(() => []), skill: [], attendance: [] };
  for (let t = 0; t < options.teams; t++)
    for (let i = rng.int(Math.round(poolSize * 0.8), Math.round(poolSize * 1.2)); i > 0; i--)
      recruit(rng, pools, t, clans[t]!);
  const step = (2 * drift) / Math.sqrt(30);
  const times = matchTimes(rng, options.matches, days);
  const matches: RatedMatch[] = [];
  const oracle: number[] = [];
  let today = 0;
  for (const time of times) {
    const day = time / DAY_MS;
    while (today < Math.floor(day)) {
      today++;
      moveDay(rng, pools, clans, step, churn, poolSize);
    }
    const [a, b] = pairOfTheDay(rng, paths, day);
    const cup = rng.chance(cupShare);
    // Both sides may borrow from the same partner clan: the second side's guests are the ones the first left.
    const sideA = field(rng, pools, a, partners[a]!, b, lineup + rng.int(-5, 5), cup);
    const taken = new Set(sideA.entries.map((e) => e.player));
    const sideB = field(rng, pools, b, partners[b]!, a, lineup + rng.int(-5, 5), cup, taken);
    const sa = strengthAt(paths[a]!, day) + sideA.skill;
    const sb = strengthAt(paths[b]!, day) + sideB.skill;
    const d = sa + beta * gaussian(rng) - (sb + beta * gaussian(rng));
    const [w, l, sw, sl, lw, ll] = d >= 0 ? [a, b, sa, sb, sideA, sideB] : [b, a, sb, sa, sideB, sideA];
    matches.push({
      id: matches.length,
      winner: `T${w + 1}`,
      loser: `T${l + 1}`,
      result: resultForMargin(Math.abs(d), beta),
      date: new Date(start + time),
      lineups: { winner: lw.entries, loser: ll.entries },
    });
    oracle.push(cdf((sw - sl) / (Math.SQRT2 * beta)));
  }
  const finalStrength = new Map(
    paths.map((p, t) => {
      const members = pools.members[t]!;
      const mean = members.reduce((s, m) => s + pools.skill[m]!, 0) / Math.max(1, members.length);
      return [`T${t + 1}`, p.strength[days]! + mean];
    }),
  );
  return { matches, oracle, finalStrength, paths };
}

/**
 * The same season with lineups that do not matter: each team a fixed pool of `pool` players (keys 'T3-P7'), each
 * match fielding 40-50 of them with times on the server, drawn from their own generator so that the results,
 * dates and oracle are exactly those of the season given.
 */
export function withIdleRosters(season: SimulatedSeason, seed: number, pool = 60): SimulatedSeason {
  const rng = mulberry32(seed ^ 0x5eed_0f);
  const attendance = new Map<string, number[]>();
  const side = (team: string): LineupEntry[] => {
    let weights = attendance.get(team);
    if (weights === undefined) {
      weights = Array.from({ length: pool }, () => 0.3 + 0.7 * rng.next());
      attendance.set(team, weights);
    }
    const members = weights.map((_, i) => i);
    return sample(rng, members, weights, rng.int(40, 50)).map((p) => ({
      player: `${team}-P${p + 1}`,
      seconds: secondsOnServer(rng),
    }));
  };
  const matches = season.matches.map((m) => ({
    ...m,
    lineups: { winner: side(String(m.winner)), loser: side(String(m.loser)) },
  }));
  return { ...season, matches };
}
