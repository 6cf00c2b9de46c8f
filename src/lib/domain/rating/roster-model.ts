/**
 * The roster-aware rating model. Every player belongs to a home team: the team they first played for, until they
 * play more for another (a majority vote over their recent time on the server, so a cup guest keeps their home and
 * a player who moved takes a few matches to change it). A side's strength is the time-weighted mix of the ratings
 * of its players' home teams (a normal match: its own team's rating; a cup lineup with a third of guests: two
 * thirds of its rating and a third of the partner's; a squad that just moved: the rating of the team it came from)
 * plus the time-weighted mean of the players' own deviations from their home team (N(0, sigma_p^2) for a new player;
 * their variance grows by tau_p^2 per match played). A side without a log is fielded with its team's last known
 * lineup; a team without one is its own rating alone. A match updates every rating in it by the moment matching
 * of the team model (a TrueSkill team game with partial play): a rating of coefficient a moves by
 * a sigma^2 / c times v, with c^2 = 2 beta^2 + sum a^2 sigma^2 over the match. Without lineups it is the team model.
 */
import { DAY_MS, inflateSigma } from './dynamics.ts';
import { drawMargin } from './env.ts';
import { cdf } from './gaussian.ts';
import { createWindowMoments, windowMoments } from './truncated.ts';
import type {
  CompiledLineups,
  CompiledMatches,
  ModelParams,
  PlayerParams,
  RunOptions,
  RunTotals,
} from './run-types.ts';

export type { CompiledLineups, PlayerParams } from './run-types.ts';
import { KIND } from './kind.ts';
import type { PlayerKey, RatedMatch, TeamKey } from './types.ts';
import { ratingModel } from '#lib/schemas/rating-models.ts';

/** The players' parameters the roster-aware model starts from before a series fits its own. */
export const DEFAULT_PLAYERS: PlayerParams = Object.freeze({ sigma: 2, tau: 0.2 });

// How much of a player's earlier time still counts for their home at each match they play: a cup guest keeps their
// home, a player who moved counts for the new team after about a dozen matches there.
const HOME_MEMORY = 0.95;

/**
 * Compiles the lineups of matches (in rating order); a player listed twice on a side counts once with the summed
 * time; entries without positive time are left out. Null when no match has a lineup.
 */
export function compileLineups(matches: readonly RatedMatch[]): CompiledLineups | null {
  if (!matches.some((m) => m.lineups !== undefined)) return null;
  const index = new Map<PlayerKey, number>();
  const players: PlayerKey[] = [];
  const start = new Int32Array(2 * matches.length + 1);
  const ids: number[] = [];
  const weights: number[] = [];
  let side = 0;
  for (const m of matches) {
    for (const entries of [m.lineups?.winner ?? [], m.lineups?.loser ?? []]) {
      const seconds = new Map<number, number>();
      for (const e of entries) {
        if (!(e.seconds > 0)) continue;
        let p = index.get(e.player);
        if (p === undefined) {
          p = players.length;
          index.set(e.player, p);
          players.push(e.player);
        }
        seconds.set(p, (seconds.get(p) ?? 0) + e.seconds);
      }
      let total = 0;
      for (const s of seconds.values()) total += s;
      for (const [p, s] of seconds) {
        ids.push(p);
        weights.push(s / total);
      }
      start[++side] = ids.length;
    }
  }
  return { players, start, player: Int32Array.from(ids), weight: Float64Array.from(weights) };
}

/** A team's or a player's rating in a roster state. */
export interface RosterRating {
  readonly mu: number;
  readonly sigma: number;
}

/** A player in a roster state: their deviation from their home team, the home, and its majority count. */
export interface PlayerState extends RosterRating {
  readonly home: TeamKey;
  readonly count: number;
}

/** Everything the roster-aware model carries from one match to the next; continuing from it equals a full run. */
export interface RosterState {
  /** Team ratings and when each last played (epoch ms, NaN never). */
  readonly teams: ReadonlyMap<TeamKey, RosterRating & { readonly last: number }>;
  readonly players: ReadonlyMap<PlayerKey, PlayerState>;
  /** Each team's last known lineup with the time shares. */
  readonly lineups: ReadonlyMap<TeamKey, readonly { readonly player: PlayerKey; readonly weight: number }[]>;
}

/** What {@link runRosterModel} returns. */
export interface RosterRun {
  readonly totals: RunTotals;
  readonly state: RosterState;
}

interface Lineup {
  readonly player: Int32Array;
  readonly weight: Float64Array;
}

const EMPTY: Lineup = { player: new Int32Array(0), weight: new Float64Array(0) };
const scratch = createWindowMoments();

/** Index of keys, growing as new keys are met. */
function keyIndex<K>(keys: K[]): (key: K) => number {
  const index = new Map<K, number>(keys.map((k, i) => [k, i]));
  return (key) => {
    let i = index.get(key);
    if (i === undefined) {
      i = keys.length;
      index.set(key, i);
      keys.push(key);
    }
    return i;
  };
}

/**
 * Replays compiled matches (with `c.lineups`; without them every side is its team alone) under `params` and
 * `players`, from the prior or from `initial` (the state of an earlier run over the matches before these), scoring
 * matches from `options.from` on as runModel does. Team dynamics (gamma per day, tau per match) are the team
 * model's, applied to every team whose rating takes part in a match.
 */
export function runRosterModel(
  c: CompiledMatches,
  params: ModelParams,
  players: PlayerParams,
  options: RunOptions = {},
  initial?: RosterState,
): RosterRun {
  const { env, thresholds } = params;
  const sector = ratingModel(params.model).margins;
  const from = options.from ?? 0;
  const to = Math.min(options.to ?? c.length, c.length);
  const lineups = c.lineups ?? null;
  const teamKeys: TeamKey[] = [...c.teams];
  const teamOf = keyIndex(teamKeys);
  const playerKeys: PlayerKey[] = [...(lineups?.players ?? [])];
  const playerOf = keyIndex(playerKeys);
  if (initial) {
    for (const key of initial.teams.keys()) teamOf(key);
    for (const [key, p] of initial.players) {
      playerOf(key);
      teamOf(p.home);
    }
  }
  const teamCount = teamKeys.length;
  const mu = new Float64Array(teamCount).fill(env.mu);
  const sigma = new Float64Array(teamCount).fill(env.sigma);
  const last = new Float64Array(teamCount).fill(Number.NaN);
  const pMu = new Float64Array(playerKeys.length);
  // NaN: not seen yet.
  const pSigma = new Float64Array(playerKeys.length).fill(Number.NaN);
  const home = new Int32Array(playerKeys.length).fill(-1);
  const count = new Float64Array(playerKeys.length);
  const known: Lineup[] = new Array<Lineup>(teamCount).fill(EMPTY);
  if (initial) {
    for (const [key, s] of initial.teams) {
      const t = teamOf(key);
      [mu[t], sigma[t], last[t]] = [s.mu, s.sigma, s.last];
      const lineup = initial.lineups.get(key);
      if (lineup !== undefined)
        known[t] = {
          player: Int32Array.from(lineup, (e) => playerOf(e.player)),
          weight: Float64Array.from(lineup, (e) => e.weight),
        };
    }
    for (const [key, r] of initial.players) {
      const p = playerOf(key);
      [pMu[p], pSigma[p], home[p], count[p]] = [r.mu, r.sigma, teamOf(r.home), r.count];
    }
  }
  const ptau2 = players.tau * players.tau;
  const tau2 = env.tau * env.tau;
  const beta2 = 2 * env.beta * env.beta;
  const eps = drawMargin(env.drawProbability, env.beta);
  const totals: RunTotals = { n: 0, winLogLik: 0, bandLogLik: 0 };
  // Per match: the signed coefficient of each team rating in it, its variance, and the list of those teams.
  const coef = new Float64Array(teamCount);
  const variance = new Float64Array(teamCount);
  const involved: number[] = [];
  const sideOf = (s: number, team: number): Lineup => {
    if (lineups !== null && lineups.start[s + 1]! > lineups.start[s]!) {
      const own = {
        player: lineups.player.subarray(lineups.start[s]!, lineups.start[s + 1]!),
        weight: lineups.weight.subarray(lineups.start[s]!, lineups.start[s + 1]!),
      };
      known[team] = own;
      return own;
    }
    return known[team]!;
  };
  const involve = (team: number, a: number): void => {
    if (coef[team] === 0 && !involved.includes(team)) involved.push(team);
    coef[team] = coef[team]! + a;
  };
  const field = (lineup: Lineup, team: number, sign: number): void => {
    if (lineup.player.length === 0) return involve(team, sign);
    for (let k = 0; k < lineup.player.length; k++) {
      const p = lineup.player[k]!;
      if (home[p] === -1) {
        home[p] = team;
        pSigma[p] = players.sigma;
      }
      involve(home[p]!, sign * lineup.weight[k]!);
    }
  };
  const playerVariance = (lineup: Lineup): number => {
    let total = 0;
    for (let k = 0; k < lineup.player.length; k++) {
      const q = lineup.weight[k]!;
      const s = pSigma[lineup.player[k]!]!;
      total += q * q * (s * s + ptau2);
    }
    return total;
  };
  const move = (lineup: Lineup, team: number): void => {
    for (let k = 0; k < lineup.player.length; k++) {
      const p = lineup.player[k]!;
      const q = lineup.weight[k]!;
      count[p] = HOME_MEMORY * count[p]! + (home[p] === team ? q : -q);
      if (count[p]! < 0) [home[p], count[p]] = [team, -count[p]!];
    }
  };
  for (let i = 0; i < to; i++) {
    const w = c.winner[i]!;
    const l = c.loser[i]!;
    const t = c.time[i]!;
    const lw = sideOf(2 * i, w);
    const ll = sideOf(2 * i + 1, l);
    involved.length = 0;
    field(lw, w, 1);
    field(ll, l, -1);
    let dmu = 0;
    let c2 = beta2;
    for (const team of involved) {
      const s = Number.isNaN(last[team]!)
        ? sigma[team]!
        : inflateSigma(sigma[team]!, days(last[team]!, t), env.gamma, env.sigma);
      variance[team] = s * s + tau2;
      dmu += coef[team]! * mu[team]!;
      c2 += coef[team]! * coef[team]! * variance[team]!;
    }
    for (let k = 0; k < lw.player.length; k++) dmu += lw.weight[k]! * pMu[lw.player[k]!]!;
    for (let k = 0; k < ll.player.length; k++) dmu -= ll.weight[k]! * pMu[ll.player[k]!]!;
    c2 += playerVariance(lw) + playerVariance(ll);
    const cc = Math.sqrt(c2);
    const kind = c.kind[i]!;
    let lo = eps;
    let hi = Number.POSITIVE_INFINITY;
    if (kind === KIND.draw) [lo, hi] = [-eps, eps];
    else if (sector && kind === KIND.r32) [lo, hi] = [0, thresholds.t1];
    else if (sector && kind === KIND.r41) [lo, hi] = [thresholds.t1, thresholds.t2];
    else if (sector && kind === KIND.r50) lo = thresholds.t2;
    if (i >= from && kind !== KIND.draw) {
      const p = cdf(dmu / cc);
      totals.n++;
      totals.winLogLik += Math.log(p);
      options.onPrediction?.(i, p);
    }
    const m = windowMoments((lo - dmu) / cc, (hi - dmu) / cc, scratch);
    if (i >= from) totals.bandLogLik += m.logZ;
    for (const team of involved) {
      const a = coef[team]!;
      const v = variance[team]!;
      // A team whose players' shares cancel out (guests on both sides) takes no part.
      if (a !== 0) {
        mu[team] = mu[team]! + ((a * v) / cc) * m.v;
        sigma[team] = Math.sqrt(v * (1 - ((a * a * v) / c2) * m.w));
        last[team] = t;
      }
      coef[team] = 0;
    }
    for (const [lineup, sign] of [
      [lw, 1],
      [ll, -1],
    ] as const) {
      for (let k = 0; k < lineup.player.length; k++) {
        const p = lineup.player[k]!;
        const q = lineup.weight[k]!;
        const v = pSigma[p]! * pSigma[p]! + ptau2;
        pMu[p] = pMu[p]! + sign * ((q * v) / cc) * m.v;
        pSigma[p] = Math.sqrt(v * (1 - ((q * q * v) / c2) * m.w));
      }
    }
    move(lw, w);
    move(ll, l);
  }
  return { totals, state: exportState(teamKeys, playerKeys, { mu, sigma, last, pMu, pSigma, home, count, known }) };
}

interface Arrays {
  readonly mu: Float64Array;
  readonly sigma: Float64Array;
  readonly last: Float64Array;
  readonly pMu: Float64Array;
  readonly pSigma: Float64Array;
  readonly home: Int32Array;
  readonly count: Float64Array;
  readonly known: readonly Lineup[];
}

function exportState(teamKeys: readonly TeamKey[], playerKeys: readonly PlayerKey[], a: Arrays): RosterState {
  const teams = new Map<TeamKey, RosterRating & { last: number }>();
  const lineups = new Map<TeamKey, { player: PlayerKey; weight: number }[]>();
  teamKeys.forEach((key, t) => {
    teams.set(key, { mu: a.mu[t]!, sigma: a.sigma[t]!, last: a.last[t]! });
    const lineup = a.known[t]!;
    if (lineup.player.length > 0)
      lineups.set(
        key,
        Array.from(lineup.player, (p, k) => ({ player: playerKeys[p]!, weight: lineup.weight[k]! })),
      );
  });
  const players = new Map<PlayerKey, PlayerState>();
  playerKeys.forEach((key, p) => {
    if (a.home[p] !== -1)
      players.set(key, { mu: a.pMu[p]!, sigma: a.pSigma[p]!, home: teamKeys[a.home[p]!]!, count: a.count[p]! });
  });
  return { teams, players, lineups };
}

// The same arithmetic as the team model's elapsed days: (to - from) / DAY_MS, never negative.
function days(from: number, to: number): number {
  const d = (to - from) / DAY_MS;
  return d > 0 ? d : 0;
}
