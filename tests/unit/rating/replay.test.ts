import { describe, expect, it } from 'vitest';
import { conservativeScore, rankTeams } from '#lib/domain/rating/ranking.ts';
import { replayRatings } from '#lib/domain/rating/replay.ts';
import type { TeamRating } from '#lib/domain/rating/replay-types.ts';
import { DEFAULT_ENV } from '#lib/domain/rating/env.ts';
import { predictWin, rate1vs1 } from '#lib/domain/rating/trueskill.ts';
import { rateSector } from '#lib/domain/rating/sector-score.ts';
import type { RatedMatch } from '#lib/domain/rating/types.ts';
import { simulateSeason } from '#lib/domain/rating/season.ts';
import { simulateMatches } from './simulate.ts';

const { matches } = simulateMatches({ teams: 30, count: 900, beta: 25 / 6, t1: 3, t2: 8, seed: 11 });

describe('replayRatings', () => {
  it('applies rate1vs1 match by match and reports pre-match win probabilities', () => {
    const three: RatedMatch[] = [
      { id: 'm1', winner: 'A', loser: 'B', result: '5-0', date: '2024-01-01' },
      { id: 'm2', winner: 'B', loser: 'C', result: '3-2', date: '2024-01-02' },
      { id: 'm3', winner: 'A', loser: 'C', result: 'other', date: '2024-01-03' },
    ];
    const r = replayRatings(three);
    const prior = { mu: 25, sigma: 25 / 3 };
    const [a1, b1] = rate1vs1(prior, prior);
    const [b2, c2] = rate1vs1(b1, prior);
    const [a3, c3] = rate1vs1(a1, c2);
    expect(r.teams.get('A')).toEqual({ ...a3, num_matches: 2, wins: 2, losses: 0, last_updated: '2024-01-03' });
    expect(r.teams.get('B')).toEqual({ ...b2, num_matches: 2, wins: 1, losses: 1, last_updated: '2024-01-02' });
    expect(r.teams.get('C')).toEqual({ ...c3, num_matches: 2, wins: 0, losses: 2, last_updated: '2024-01-03' });
    expect(r.matches[0]!.win_probability).toBe(0.5);
    // The predictive probability: the dynamics tau widens both sides.
    expect(r.matches[2]!.win_probability).toBe(predictWin(a1.mu, a1.sigma, c2.mu, c2.sigma, DEFAULT_ENV));
    expect(r.matches[2]!.winner_before).toEqual(a1);
    expect(r.matches[2]!.loser_after).toEqual(c3);
    expect(r.history.get('B')!.map((p) => p.match_id)).toEqual(['m1', 'm2']);
    expect(r.history.get('B')![1]).toEqual({ match_id: 'm2', date: '2024-01-02', ...b2 });
  });

  it('uses the sector score when asked', () => {
    const th = { t1: 2, t2: 6 };
    const r = replayRatings([{ id: 1, winner: 1, loser: 2, result: '4-1', date: '2024-01-01' }], {
      model: 'sector',
      thresholds: th,
    });
    const [w, l] = rateSector({ mu: 25, sigma: 25 / 3 }, { mu: 25, sigma: 25 / 3 }, '4-1', th);
    expect(r.matches[0]!.winner_after).toEqual(w);
    expect(r.matches[0]!.loser_after).toEqual(l);
  });

  it('is deterministic', () => {
    for (const model of ['trueskill', 'sector'] as const) {
      expect(replayRatings(matches, { model })).toEqual(replayRatings(matches, { model }));
    }
  });

  it('continuing from a prefix equals a full replay (incremental == recompute)', () => {
    for (const model of ['trueskill', 'sector'] as const) {
      const full = replayRatings(matches, { model });
      const prefix = replayRatings(matches.slice(0, 400), { model });
      const rest = replayRatings(matches.slice(400), { model }, prefix.teams);
      expect(rest.teams).toEqual(full.teams);
      expect(rest.matches).toEqual(full.matches.slice(400));
      expect(rest.ranking).toEqual(full.ranking);
      // The prefix result is not mutated by continuing from it.
      expect(prefix.teams).toEqual(replayRatings(matches.slice(0, 400), { model }).teams);
    }
  });

  it('with time dynamics, continuing from stored ratings equals a full replay bit for bit', () => {
    const season = simulateSeason({ seed: 4, teams: 12, matches: 300, days: 120, drift: 1 });
    const params = { model: 'sector' as const, gamma: 0.3, tau: 0.05, beta: 6.5, thresholds: { t1: 3.4, t2: 8.6 } };
    const full = replayRatings(season.matches, params);
    for (const cut of [1, 150, 299]) {
      // The stored state as the database gives it back: last_updated a fresh Date of the same instant.
      const stored = new Map(
        [...replayRatings(season.matches.slice(0, cut), params).teams].map(([k, t]) => [
          k,
          { ...t, last_updated: t.last_updated === null ? null : new Date(new Date(t.last_updated).toISOString()) },
        ]),
      );
      const rest = replayRatings(season.matches.slice(cut), params, stored);
      expect(rest.matches).toEqual(full.matches.slice(cut));
      expect([...rest.teams].map(([k, t]) => [k, t.mu, t.sigma])).toEqual(
        [...full.teams].map(([k, t]) => [k, t.mu, t.sigma]),
      );
    }
    // ISO strings and Dates of the same instants give the same numbers.
    const strings = season.matches.map((m) => ({ ...m, date: new Date(m.date).toISOString() }));
    expect(replayRatings(strings, params).matches).toEqual(full.matches);
  });

  it('grows sigma with the days since a team last played, up to the prior, and widens the prediction', () => {
    const two = (gap: number): RatedMatch[] => [
      { id: 1, winner: 'A', loser: 'B', result: '4-1', date: '2026-01-01T20:00:00Z' },
      { id: 2, winner: 'A', loser: 'B', result: '4-1', date: new Date(Date.UTC(2026, 0, 1 + gap, 20)) },
    ];
    const after = replayRatings(two(0), { gamma: 0.5 }).matches[0]!.winner_after;
    const late = replayRatings(two(10), { gamma: 0.5 }).matches[1]!;
    expect(late.winner_before.mu).toBe(after.mu);
    expect(late.winner_before.sigma).toBeCloseTo(Math.sqrt(after.sigma ** 2 + 0.25 * 10), 12);
    expect(replayRatings(two(10_000), { gamma: 0.5 }).matches[1]!.winner_before.sigma).toBe(25 / 3);
    expect(replayRatings(two(10), { gamma: 0 }).matches[1]!.winner_before.sigma).toBe(after.sigma);
    // More uncertainty: the favourite's probability moves towards 1/2.
    const fresh = replayRatings(two(0), { gamma: 0.5 }).matches[1]!.win_probability;
    expect(late.win_probability).toBeLessThan(fresh);
    expect(late.win_probability).toBeGreaterThan(0.5);
  });

  it('learns the simulated skill order', () => {
    const sim = simulateMatches({ teams: 20, count: 2000, beta: 25 / 6, t1: 3, t2: 8, seed: 3 });
    const r = replayRatings(sim.matches);
    const best = sim.skills.indexOf(Math.max(...sim.skills));
    expect(r.ranking.slice(0, 3).map((row) => row.team)).toContain(best);
  });

  it('rejects a team playing itself', () => {
    expect(() => replayRatings([{ id: 9, winner: 'x', loser: 'x', result: '5-0', date: '2024' }])).toThrow(RangeError);
  });
});

describe('ranking', () => {
  const team = (mu: number, sigma: number, n: number): TeamRating => ({
    mu,
    sigma,
    num_matches: n,
    wins: 0,
    losses: 0,
    last_updated: null,
  });

  it('conservativeScore is mu - 3 sigma', () => {
    expect(conservativeScore({ mu: 25, sigma: 25 / 3 })).toBe(0);
    expect(conservativeScore({ mu: 30, sigma: 2 })).toBe(24);
  });

  it('puts ranked teams first by score, then pending teams, ranks from 1', () => {
    const rows = rankTeams(
      new Map([
        ['pending-strong', team(40, 1, 4)],
        ['low', team(20, 2, 5)],
        ['high', team(30, 2, 9)],
        ['pending-weak', team(10, 1, 0)],
        ['tie-b', team(26, 2, 6)],
        ['tie-a', team(26, 2, 6)],
      ]),
      5,
    );
    expect(rows.map((r) => [r.rank, r.team, r.ranked])).toEqual([
      [1, 'high', true],
      [2, 'tie-a', true],
      [3, 'tie-b', true],
      [4, 'low', true],
      [5, 'pending-strong', false],
      [6, 'pending-weak', false],
    ]);
    expect(rows[0]!.score).toBe(24);
  });
});
