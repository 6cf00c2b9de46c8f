import { describe, expect, it } from 'vitest';
import type { MatchDetail, PlayerStats } from '#lib/schemas/match.ts';
import {
  killTimes,
  scoreboardRows,
  searchRows,
  sidesWinnersFirst,
  teamOfSide,
  topPerformer,
} from '#lib/matches/scoreboard.ts';

const player = (name: string, side: 'Allies' | 'Axis' | null, kills: number, deaths: number, team: string | null) =>
  ({ name, side, kills, deaths, team, kill_events: Array.from({ length: kills }, (_, i) => i * 60) }) as PlayerStats;

const match = (victor: 'Allies' | 'Axis' | null) =>
  ({
    teams: ['[W]', '[L]'],
    victor_side: victor,
    defensive_players: { Allies: ['2'], Axis: [] },
    player_stats: {
      '1': player('zed', 'Allies', 3, 0, '[L]'),
      '2': player('Anna', 'Allies', 3, 2, '[L]'),
      '3': player('bob', 'Axis', 5, 5, '[W]'),
    },
  }) as unknown as MatchDetail;

describe('the scoreboard', () => {
  it('lists most kills first, then by name, with K/D and the defensive mark', () => {
    const rows = scoreboardRows(match('Axis'));
    expect(rows.map((r) => r.name)).toEqual(['bob', 'Anna', 'zed']);
    expect(rows.map((r) => r.kd)).toEqual([1, 1.5, 3]);
    expect(rows.map((r) => r.defensive)).toEqual([false, true, false]);
  });
  it('searches names case-insensitively', () =>
    expect(searchRows(scoreboardRows(match('Axis')), ' AN ').map((r) => r.name)).toEqual(['Anna']));
  it('knows which team played a side', () => {
    expect(teamOfSide(match('Axis'), 'Axis')).toBe('[W]');
    expect(teamOfSide(match('Allies'), 'Axis')).toBe('[L]');
    expect(teamOfSide(match(null), 'Allies')).toBe('[L]');
  });
  it("collects each side's kill times", () => {
    const times = killTimes(match('Axis'));
    expect(times.Allies).toHaveLength(6);
    expect(times.Axis).toEqual([0, 60, 120, 180, 240]);
  });
});

describe('the scoreboard on every width', () => {
  it('lists the winners first', () => {
    expect(sidesWinnersFirst({ victor_side: 'Axis' })).toEqual(['Axis', 'Allies']);
    expect(sidesWinnersFirst({ victor_side: 'Allies' })).toEqual(['Allies', 'Axis']);
    expect(sidesWinnersFirst({ victor_side: null })).toEqual(['Allies', 'Axis']);
  });
  it('marks the player with the best match percentile (then most kills) as the top performer', () => {
    const rows = scoreboardRows(match('Axis')).map((r) => ({ ...r, all_percentile: r.name === 'Anna' ? 90 : 50 }));
    expect(topPerformer(rows)).toBe('2');
    expect(topPerformer(rows.map((r) => ({ ...r, all_percentile: null })))).toBe('3');
    expect(topPerformer([])).toBeNull();
  });
});
