/**
 * Deterministic chronological replay of all matches into team ratings. Pure:
 * the same matches and parameters always give identical numbers, and a replay
 * continued from an earlier replay's `teams` equals one full replay.
 */
import { elapsedDays, inflateSigma } from './dynamics.ts';
import { createEnv, drawMargin } from './env.ts';
import { createPairUpdate } from './pair-update.ts';
import { rankTeams } from './ranking.ts';
import type { HistoryPoint, MatchRatingChange, ReplayParams, ReplayResult, TeamRating } from './replay-types.ts';
import { defaultSectorThresholds, updateSectorPair } from './sector-score.ts';
import { predictWin } from './trueskill.ts';
import type { MatchDate, RatedMatch, TeamKey } from './types.ts';
import { ratingModel } from '#lib/schemas/rating-models.ts';

interface TeamState {
  mu: number;
  sigma: number;
  num_matches: number;
  wins: number;
  losses: number;
  last_updated: MatchDate | null;
}

// With the sector model off, every result is read as a plain win: the window (eps, inf).
const NO_BANDS = 'other';

/**
 * Replays `matches` in the given order (callers sort by date; ties keep input
 * order). Before a match each team's sigma grows with the days since its last
 * match (params.gamma, see inflateSigma; the `before` ratings are these), then
 * the winner and loser are updated with TrueSkill, or with the sector score when
 * params.model is 'sector'; `win_probability` is predictWin of the before
 * ratings (dynamics tau included). `initial` continues from an
 * earlier replay's `teams` (it is not modified); unknown teams start at
 * N(mu, sigma^2). A match whose winner equals its loser throws a RangeError.
 */
export function replayRatings(
  matches: readonly RatedMatch[],
  params: ReplayParams = {},
  initial?: ReadonlyMap<TeamKey, TeamRating>,
): ReplayResult {
  const env = createEnv(params);
  const sector = ratingModel(params.model ?? 'trueskill').margins;
  const thresholds = params.thresholds ?? defaultSectorThresholds(env);
  const eps = drawMargin(env.drawProbability, env.beta);
  const states = new Map<TeamKey, TeamState>();
  if (initial) for (const [key, r] of initial) states.set(key, { ...r });
  const history = new Map<TeamKey, HistoryPoint[]>();
  const changes: MatchRatingChange[] = new Array<MatchRatingChange>(matches.length);
  const out = createPairUpdate();

  const stateOf = (key: TeamKey): TeamState => {
    let s = states.get(key);
    if (s === undefined) {
      s = { mu: env.mu, sigma: env.sigma, num_matches: 0, wins: 0, losses: 0, last_updated: null };
      states.set(key, s);
    }
    return s;
  };
  const record = (key: TeamKey, point: HistoryPoint): void => {
    const list = history.get(key);
    if (list === undefined) history.set(key, [point]);
    else list.push(point);
  };

  for (let i = 0; i < matches.length; i++) {
    const m = matches[i]!;
    if (m.winner === m.loser) throw new RangeError(`match ${String(m.id)}: a team cannot play itself`);
    const w = stateOf(m.winner);
    const l = stateOf(m.loser);
    const drawn = m.drawn === true;
    const result = sector ? m.result : NO_BANDS;
    const sw = inflateSigma(w.sigma, elapsedDays(w.last_updated, m.date), env.gamma, env.sigma);
    const sl = inflateSigma(l.sigma, elapsedDays(l.last_updated, m.date), env.gamma, env.sigma);
    updateSectorPair(w.mu, sw, l.mu, sl, result, drawn, thresholds, eps, env, out);
    changes[i] = {
      id: m.id,
      winner: m.winner,
      loser: m.loser,
      winner_before: { mu: w.mu, sigma: sw },
      loser_before: { mu: l.mu, sigma: sl },
      winner_after: { mu: out.muW, sigma: out.sigmaW },
      loser_after: { mu: out.muL, sigma: out.sigmaL },
      win_probability: predictWin(w.mu, sw, l.mu, sl, env),
    };
    w.mu = out.muW;
    w.sigma = out.sigmaW;
    l.mu = out.muL;
    l.sigma = out.sigmaL;
    w.last_updated = m.date;
    l.last_updated = m.date;
    // A private match moves the ratings, but its existence and result show nowhere: not in the counts, nor as a
    // point of the history.
    if (m.counted === false) continue;
    w.num_matches++;
    l.num_matches++;
    if (!drawn) {
      w.wins++;
      l.losses++;
    }
    record(m.winner, { match_id: m.id, date: m.date, mu: w.mu, sigma: w.sigma });
    record(m.loser, { match_id: m.id, date: m.date, mu: l.mu, sigma: l.sigma });
  }

  const teams = states as Map<TeamKey, TeamRating>;
  return { teams, matches: changes, history, ranking: rankTeams(teams, params.rankedAfter ?? 5) };
}
