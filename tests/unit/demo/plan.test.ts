import { describe, expect, it } from 'vitest';
import { parseMatch } from '#lib/domain/logs/index.ts';
import { strengthAt } from '#lib/domain/rating/season.ts';
import { planDemo, strengthAtSeriesEnd } from '#lib/server/services/demo/plan.ts';
import { demoLog, demoLogSize } from '#lib/server/services/demo/logs.ts';

const anchor = new Date('2026-06-01T00:00:00Z');

describe('demo plan', () => {
  it('is deterministic for a seed and differs between seeds', () => {
    const a = planDemo({ seed: 3, teams: 8, matches: 120, anchor });
    expect(planDemo({ seed: 3, teams: 8, matches: 120, anchor })).toEqual(a);
    expect(planDemo({ seed: 4, teams: 8, matches: 120, anchor }).matches.map((m) => m.winner)).not.toEqual(
      a.matches.map((m) => m.winner),
    );
  });

  it('has the requested size, one current series, dated matches in the past in date order', () => {
    const plan = planDemo({ seed: 1, teams: 10, matches: 300, anchor });
    expect(plan.teams).toHaveLength(10);
    expect(plan.matches).toHaveLength(300);
    expect(plan.series.map((s) => s.current)).toEqual([false, false, true]);
    expect(plan.tournaments.filter((t) => t.event)).toHaveLength(3);
    expect(plan.tournaments.filter((t) => t.active).map((t) => t.series)).toEqual([2, 2]);
    expect(new Set(plan.teams.flatMap((t) => t.players.map((p) => p.id))).size).toBe(200);
    expect(new Set(plan.teams.map((t) => t.tag)).size).toBe(10);
    for (const m of plan.matches) {
      const s = plan.series[m.series]!;
      expect(m.date.getTime()).toBeGreaterThanOrEqual(s.from.getTime());
      expect(m.date.getTime()).toBeLessThan(anchor.getTime());
      expect(m.winner).not.toBe(m.loser);
      if (m.type === 'event') expect(plan.tournaments[m.tournament!]!.event).toBe(true);
    }
    const times = plan.matches.map((m) => m.date.getTime());
    expect(times).toEqual([...times].sort((x, y) => x - y));
    expect(plan.matches.filter((m) => m.outcome === 'dispute')).toHaveLength(1);
    expect(plan.matches.filter((m) => m.outcome === 'pending')).toHaveLength(2);
    for (const type of ['friendly', 'event', 'competitive'])
      expect(plan.matches.some((m) => m.type === type)).toBe(true);
  });

  it('lets the team stronger on the match day win more often and more clearly', () => {
    const plan = planDemo({ seed: 2, teams: 12, matches: 3000, anchor });
    const day = (m: { date: Date }): number => (m.date.getTime() - plan.series[0]!.from.getTime()) / 86_400_000;
    let favourites = 0;
    let lopsided = { strong: 0, strongN: 0, close: 0, closeN: 0 };
    for (const m of plan.matches) {
      const gap = strengthAt(plan.teams[m.winner]!.path, day(m)) - strengthAt(plan.teams[m.loser]!.path, day(m));
      if (gap > 0) favourites++;
      if (Math.abs(gap) > 6)
        lopsided = { ...lopsided, strong: lopsided.strong + Number(m.result === '5-0'), strongN: lopsided.strongN + 1 };
      if (Math.abs(gap) < 1)
        lopsided = { ...lopsided, close: lopsided.close + Number(m.result === '5-0'), closeN: lopsided.closeN + 1 };
    }
    expect(favourites / plan.matches.length).toBeGreaterThan(0.65);
    expect(lopsided.strong / lopsided.strongN).toBeGreaterThan(lopsided.close / lopsided.closeN + 0.15);
  });

  it('drifts the true strengths over the series: the strength at each series end differs', () => {
    const plan = planDemo({ seed: 2, teams: 12, matches: 300, anchor });
    const ends = plan.teams.map((_, t) => plan.series.map((_s, i) => strengthAtSeriesEnd(plan, t, i)));
    const moved = ends.map((e) => Math.max(...e) - Math.min(...e));
    expect(moved.every((m) => m > 0)).toBe(true);
    expect(Math.max(...moved)).toBeGreaterThan(2);
    expect(new Set(plan.teams.map((t) => t.path.arc)).size).toBeGreaterThan(2);
  });

  it('writes each match as a log that parses back to its map and result', () => {
    const plan = planDemo({ seed: 5, teams: 4, matches: 12, anchor });
    for (const m of plan.matches.slice(0, 6)) {
      const parsed = parseMatch(demoLog(plan, m, { lineup: 4, minutes: 25, killsPerMinute: 3 }), {
        format: m.format,
        year: m.date.getUTCFullYear(),
      });
      expect(parsed.map).toBe(m.map);
      expect(parsed.result).toBe(m.result);
      expect(parsed.victor_side).toBe(m.winnerSide);
      expect(Object.keys(parsed.players).length).toBeGreaterThanOrEqual(8);
    }
  });

  it('sizes the seeded logs small: the planned lineup, 30-45 minutes, in every format, the same for a seed', () => {
    const plan = planDemo({ seed: 9, teams: 6, matches: 30, anchor });
    const formats = new Set<string>();
    for (const m of plan.matches) {
      const size = demoLogSize(m);
      expect(size.minutes).toBeGreaterThanOrEqual(30);
      expect(size.minutes).toBeLessThanOrEqual(45);
      expect([3, 4]).toContain(size.killsPerMinute);
      const text = demoLog(plan, m, size);
      expect(demoLog(plan, m, size)).toBe(text);
      const parsed = parseMatch(text, { format: m.format, year: m.date.getUTCFullYear() });
      formats.add(parsed.format);
      expect(parsed.result).toBe(m.result);
      expect(Object.keys(parsed.players)).toHaveLength(2 * m.lineup);
      expect(parsed.duration).toBeGreaterThanOrEqual(size.minutes - 1);
      expect(parsed.duration).toBeLessThanOrEqual(size.minutes + 1);
    }
    expect(formats).toEqual(new Set(['hlu-txt', 'hlu-csv', 'rcon']));
  });
});
