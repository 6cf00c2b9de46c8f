import { describe, expect, it } from 'vitest';
import { DEFAULT_MODEL } from '#lib/domain/rating/auto-fit.ts';
import { compileMatches, runModel, type ModelParams } from '#lib/domain/rating/engine.ts';
import { DEFAULT_PLAYERS, compileLineups, runRosterModel } from '#lib/domain/rating/roster-model.ts';
import { simulateRosterSeason } from '#lib/domain/rating/roster-season.ts';
import { BASELINE_MODELS, evaluateModels } from '#lib/domain/rating/evaluate.ts';
import type { RatedMatch } from '#lib/domain/rating/types.ts';

const roster: ModelParams = { ...DEFAULT_MODEL, players: DEFAULT_PLAYERS };

function forecasts(matches: readonly RatedMatch[], params: ModelParams): number[] {
  const out: number[] = [];
  runModel(compileMatches(matches), params, { onPrediction: (_, p) => out.push(p) });
  return out;
}

describe('roster-aware model', () => {
  it('is the team model when no match has a lineup', () => {
    const season = simulateRosterSeason({ seed: 3, teams: 12, matches: 300, drift: 1 });
    const bare = season.matches.map(({ lineups: _lineups, ...m }) => m);
    const team = forecasts(bare, DEFAULT_MODEL);
    const aware = forecasts(bare, roster);
    aware.forEach((p, i) => expect(p).toBeCloseTo(team[i]!, 12));
    // With lineups it predicts otherwise.
    expect(forecasts(season.matches, roster)).not.toEqual(team);
  });

  it('continued from a stored state equals one run over every match (incremental = recompute)', () => {
    const { matches } = simulateRosterSeason({ seed: 8, teams: 10, matches: 400, drift: 1 });
    // A few matches without a log: their sides are fielded with the teams' last known lineups.
    const mixed = matches.map((m, i) => (i % 7 === 3 ? { ...m, lineups: { winner: [], loser: m.lineups!.loser } } : m));
    const full: number[] = [];
    const whole = runRosterModel(compileMatches(mixed), DEFAULT_MODEL, DEFAULT_PLAYERS, {
      onPrediction: (_, p) => full.push(p),
    });
    const parts: number[] = [];
    const first = runRosterModel(compileMatches(mixed.slice(0, 250)), DEFAULT_MODEL, DEFAULT_PLAYERS, {
      onPrediction: (_, p) => parts.push(p),
    });
    const second = runRosterModel(
      compileMatches(mixed.slice(250)),
      DEFAULT_MODEL,
      DEFAULT_PLAYERS,
      { onPrediction: (_, p) => parts.push(p) },
      first.state,
    );
    expect(parts).toEqual(full);
    expect(new Map([...second.state.teams].sort())).toEqual(new Map([...whole.state.teams].sort()));
    expect(second.state.players).toEqual(
      new Map([...whole.state.players].filter(([k]) => second.state.players.has(k))),
    );
    expect(second.state.players.size).toBe(whole.state.players.size);
    expect(new Map([...second.state.lineups].sort())).toEqual(new Map([...whole.state.lineups].sort()));
  });

  it('weights players by time on the server and merges a player listed twice', () => {
    const lineups = compileLineups([
      {
        id: 1,
        winner: 'A',
        loser: 'B',
        result: '4-1',
        date: '2026-01-01T20:00:00Z',
        lineups: {
          winner: [
            { player: 'p1', seconds: 1000 },
            { player: 'p2', seconds: 3000 },
            { player: 'p1', seconds: 1000 },
            { player: 'p3', seconds: 0 },
          ],
          loser: [],
        },
      },
    ])!;
    expect(lineups.players).toEqual(['p1', 'p2']);
    expect([...lineups.start]).toEqual([0, 2, 2]);
    expect([...lineups.weight]).toEqual([0.4, 0.6]);
  });

  it('carries a guest with the rating of their home team into a cup lineup', () => {
    const side = (prefix: string) => Array.from({ length: 10 }, (_, i) => ({ player: `${prefix}${i}`, seconds: 5400 }));
    const day = (d: number) => new Date(Date.UTC(2026, 0, 1 + d)).toISOString();
    // A strong clan S beats W many times; then W fields half of S's players against X, as does Y alone.
    const matches: RatedMatch[] = [];
    for (let i = 0; i < 30; i++)
      matches.push({
        id: i,
        winner: 'S',
        loser: 'W',
        result: '5-0',
        date: day(i),
        lineups: { winner: side('s'), loser: side('w') },
      });
    const cup = (id: number, winner: string, guests: boolean): RatedMatch => ({
      id,
      winner,
      loser: 'X',
      result: '3-2',
      date: day(40),
      lineups: {
        winner: [...side('w').slice(0, 5), ...(guests ? side('s').slice(0, 5) : side('w').slice(5))],
        loser: side('x'),
      },
    });
    const p = (m: RatedMatch): number => {
      let out = Number.NaN;
      runRosterModel(compileMatches([...matches, m]), DEFAULT_MODEL, DEFAULT_PLAYERS, {
        from: matches.length,
        onPrediction: (_, q) => (out = q),
      });
      return out;
    };
    expect(p(cup(100, 'W', true))).toBeGreaterThan(p(cup(100, 'W', false)) + 0.1);
  });

  it('joins the evaluation beside the team model when the matches have lineups, fitted on the older matches', () => {
    const season = simulateRosterSeason({ seed: 4, teams: 16, matches: 500, drift: 1 });
    const evaluation = evaluateModels(season.matches, { oracle: season.oracle, bootstrap: 0 });
    expect(evaluation.rows.map((r) => r.model)).toEqual([...BASELINE_MODELS, 'oracle']);
    const row = (name: string) => evaluation.rows.find((r) => r.model === name)!;
    expect(row('roster').tuned).toMatch(/players sigma \d/);
    expect(row('roster').log_loss).not.toBe(row('rating').log_loss);
    expect(row('auto').tuned).toMatch(/^(team|roster-aware): /);
  });
});
