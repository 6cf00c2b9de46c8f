import { describe, expect, it } from 'vitest';
import { MATCH_SECONDS, simulateRosterSeason, withIdleRosters } from '#lib/domain/rating/roster-season.ts';
import { simulateSeason } from '#lib/domain/rating/season.ts';
import { SEASON_KINDS, seasonOf } from '#lib/domain/rating/season-report.ts';

describe('roster season simulator', () => {
  it('is deterministic, and every match carries both lineups with times on the server', () => {
    const a = simulateRosterSeason({ seed: 5, teams: 10, matches: 200, drift: 1 });
    expect(simulateRosterSeason({ seed: 5, teams: 10, matches: 200, drift: 1 })).toEqual(a);
    expect(a.matches).toHaveLength(200);
    expect(a.oracle.every((p) => p > 0 && p < 1)).toBe(true);
    for (const m of a.matches) {
      for (const side of [m.lineups!.winner, m.lineups!.loser]) {
        expect(side.length).toBeGreaterThanOrEqual(40);
        expect(side.length).toBeLessThanOrEqual(50);
        expect(new Set(side.map((e) => e.player)).size).toBe(side.length);
        expect(side.every((e) => e.seconds >= 600 && e.seconds <= MATCH_SECONDS)).toBe(true);
      }
      const winners = new Set(m.lineups!.winner.map((e) => e.player));
      expect(m.lineups!.loser.some((e) => winners.has(e.player))).toBe(false);
    }
  });

  it('moves players between teams: guests in cups, transfers, squads', () => {
    const s = simulateRosterSeason({ seed: 2, teams: 20, matches: 1200, drift: 1 });
    const teamsOf = new Map<string | number, Set<string | number>>();
    for (const m of s.matches)
      for (const [team, side] of [
        [m.winner, m.lineups!.winner],
        [m.loser, m.lineups!.loser],
      ] as const)
        for (const e of side) teamsOf.set(e.player, (teamsOf.get(e.player) ?? new Set()).add(team));
    const movers = [...teamsOf.values()].filter((teams) => teams.size > 1).length;
    expect(movers / teamsOf.size).toBeGreaterThan(0.2);
    // Without cups and churn, a player plays for one team only.
    const fixed = simulateRosterSeason({ seed: 2, teams: 20, matches: 600, drift: 1, cupShare: 0, churn: 0 });
    const homes = new Map<string | number, string | number>();
    let changed = 0;
    for (const m of fixed.matches)
      for (const [team, side] of [
        [m.winner, m.lineups!.winner],
        [m.loser, m.lineups!.loser],
      ] as const)
        for (const e of side) {
          if ((homes.get(e.player) ?? team) !== team) changed++;
          homes.set(e.player, team);
        }
    // Only the rare squad moves remain.
    expect(changed).toBeLessThan(0.01 * fixed.matches.length * 90);
  });

  it('leaves the existing kinds as they are: idle rosters change no result, date or oracle', () => {
    const plain = simulateSeason({ seed: 4, teams: 12, matches: 300, drift: 1 });
    const idle = withIdleRosters(plain, 4);
    expect(idle.oracle).toEqual(plain.oracle);
    expect(idle.matches.map(({ lineups: _lineups, ...m }) => m)).toEqual(plain.matches);
    expect(idle.matches.every((m) => m.lineups!.winner.length >= 40)).toBe(true);
    expect(seasonOf(SEASON_KINDS.small, 4).matches.map(({ lineups: _lineups, ...m }) => m)).toEqual(
      simulateSeason({ ...SEASON_KINDS.small, seed: 4 }).matches,
    );
  });
});
