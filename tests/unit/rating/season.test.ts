import { describe, expect, it } from 'vitest';
import { DAY_MS } from '#lib/domain/rating/dynamics.ts';
import { cdf } from '#lib/domain/rating/gaussian.ts';
import { isActive, resultForMargin, simulateSeason, strengthAt } from '#lib/domain/rating/season.ts';
import { SEASON_KINDS, summariseSeasons } from '#lib/domain/rating/season-report.ts';

const start = new Date(Date.UTC(2026, 0, 1));
const dayOf = (date: string | Date): number => (new Date(date).getTime() - start.getTime()) / DAY_MS;

describe('season simulator', () => {
  it('is deterministic for a seed, dated in order, never pairs a team with itself', () => {
    const a = simulateSeason({ seed: 3, teams: 10, matches: 200, drift: 1 });
    expect(simulateSeason({ seed: 3, teams: 10, matches: 200, drift: 1 })).toEqual(a);
    expect(simulateSeason({ seed: 4, teams: 10, matches: 200, drift: 1 }).matches).not.toEqual(a.matches);
    const days = a.matches.map((m) => dayOf(m.date));
    expect(days).toEqual([...days].sort((x, y) => x - y));
    expect(days.every((d) => d >= 0 && d < 180)).toBe(true);
    expect(a.matches.every((m) => m.winner !== m.loser)).toBe(true);
  });

  it('keeps strengths and participation fixed without drift', () => {
    const s = simulateSeason({ seed: 1, teams: 8, matches: 100, drift: 0 });
    for (const p of s.paths) {
      expect(p.arc).toBe('steady');
      expect(new Set(p.strength).size).toBe(1);
    }
  });

  it('drifts strengths along arcs: trends, late starts and breaks, and only active teams play', () => {
    const s = simulateSeason({ seed: 2, teams: 60, matches: 3000, drift: 1 });
    const arcs = new Set(s.paths.map((p) => p.arc));
    expect(arcs).toEqual(new Set(['steady', 'improving', 'declining', 'late', 'break']));
    const change = (arc: string): number => {
      const paths = s.paths.filter((p) => p.arc === arc);
      return paths.reduce((sum, p) => sum + p.strength[180]! - p.strength[0]!, 0) / paths.length;
    };
    expect(change('improving')).toBeGreaterThan(2);
    expect(change('declining')).toBeLessThan(-2);
    for (const m of s.matches) {
      for (const key of [m.winner, m.loser])
        expect(isActive(s.paths[Number(String(key).slice(1)) - 1]!, dayOf(m.date))).toBe(true);
    }
    const late = s.paths.findIndex((p) => p.arc === 'late');
    const first = s.matches.find((m) => m.winner === `T${late + 1}` || m.loser === `T${late + 1}`)!;
    expect(dayOf(first.date)).toBeGreaterThanOrEqual(s.paths[late]!.from);
    expect(s.paths[late]!.from).toBeGreaterThan(30);
  });

  it('draws results from the strengths on the day; the oracle is Phi of the true gap', () => {
    const s = simulateSeason({ seed: 6, teams: 20, matches: 2000, drift: 1 });
    const beta = 25 / 6;
    s.matches.slice(0, 50).forEach((m, i) => {
      const day = dayOf(m.date);
      const gap =
        strengthAt(s.paths[Number(String(m.winner).slice(1)) - 1]!, day) -
        strengthAt(s.paths[Number(String(m.loser).slice(1)) - 1]!, day);
      expect(s.oracle[i]).toBe(cdf(gap / (Math.SQRT2 * beta)));
    });
    // The oracle is calibrated: its mean probability for the winner equals how often the favourite won, roughly.
    const favouriteWon = s.oracle.filter((p) => p > 0.5).length / s.oracle.length;
    const favouriteP = s.oracle.reduce((sum, p) => sum + Math.max(p, 1 - p), 0) / s.oracle.length;
    expect(Math.abs(favouriteWon - favouriteP)).toBeLessThan(0.03);
    expect(resultForMargin(0.1, beta)).toBe('3-2');
    expect(resultForMargin(beta, beta)).toBe('4-1');
    expect(resultForMargin(2 * beta, beta)).toBe('5-0');
  });
});

describe('season report', () => {
  it('averages each model over seasons with the oracle at gap 0, and the rating model beats plain TrueSkill', () => {
    const { rows } = summariseSeasons({ ...SEASON_KINDS.small, matches: 200 }, [1, 2], ['rating', 'trueskill']);
    expect(rows.map((r) => [r.model, r.seasons])).toEqual([
      ['rating', 2],
      ['trueskill', 2],
      ['oracle', 2],
    ]);
    expect(rows[2]!.gap).toBe(0);
    expect(rows[0]!.gap).toBeGreaterThan(0);
    expect(rows[0]!.gap).toBeLessThan(rows[1]!.gap);
    expect(rows[0]!.gapError).toBeGreaterThan(0);
  });
});
