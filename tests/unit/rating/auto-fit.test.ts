import { describe, expect, it } from 'vitest';
import { AUTO_FIT, DEFAULT_MODEL, liveForecasts, refit, refitDue } from '#lib/domain/rating/auto-fit.ts';
import { DEFAULT_ENV } from '#lib/domain/rating/env.ts';
import { compileMatches, replayParamsOf, runModel, type ModelParams } from '#lib/domain/rating/engine.ts';
import { modelForecasts } from '#lib/domain/rating/evaluate.ts';
import { fitModel } from '#lib/domain/rating/model-fit.ts';
import { replayRatings } from '#lib/domain/rating/replay.ts';
import { simulateSeason } from '#lib/domain/rating/season.ts';

const CLASSIC: ModelParams = { env: DEFAULT_ENV, model: 'trueskill', thresholds: { t1: 0, t2: 0 } };
const drifting = simulateSeason({ seed: 8, teams: 16, matches: 500, days: 150, drift: 2 });
const compiled = compileMatches(drifting.matches);

describe('runModel', () => {
  it('predicts exactly what replayRatings stores, for both models', () => {
    for (const params of [DEFAULT_MODEL, { ...DEFAULT_MODEL, model: 'trueskill' as const }]) {
      const stored = replayRatings(drifting.matches, replayParamsOf(params)).matches.map((m) => m.win_probability);
      expect([...modelForecasts(compiled, params)]).toEqual(stored);
    }
  });
});

describe('fitModel (dynamics)', () => {
  it('finds uncertainty growth in a drifting season and little in a static one', () => {
    const free = ['beta', 't1', 't2', 'gamma'] as const;
    const moving = fitModel(compiled, DEFAULT_MODEL, { free }).params.env.gamma;
    const still = compileMatches(simulateSeason({ seed: 8, teams: 16, matches: 500, days: 150, drift: 0 }).matches);
    const fixed = fitModel(still, DEFAULT_MODEL, { free }).params.env.gamma;
    expect(moving).toBeGreaterThan(0.3);
    expect(fixed).toBeLessThan(moving / 3);
  });
});

describe('refit', () => {
  it('is due at the minimum and then every 50 newly rated matches', () => {
    expect(refitDue(AUTO_FIT.minMatches - 1, 0)).toBe(false);
    expect(refitDue(AUTO_FIT.minMatches, 0)).toBe(true);
    expect(refitDue(149, 100)).toBe(false);
    expect(refitDue(150, 100)).toBe(true);
  });

  it('adopts a candidate only when it predicts the held-out 30% better', () => {
    const decision = refit(compiled, CLASSIC);
    expect(decision).toMatchObject({ trainSize: 350, heldOutSize: 150, adopted: true });
    expect(decision.candidate.model).toBe('sector');
    expect(decision.candidateLogLik).toBeGreaterThan(decision.currentLogLik);
    expect(decision.currentLogLik).toBe(runModel(compiled, CLASSIC, { from: 350 }).winLogLik);
    // Against parameters that already predict better, nothing changes.
    const good = refit(compiled, decision.candidate);
    expect(good.adopted).toBe(good.candidateLogLik > good.currentLogLik);
    const worse = { ...decision.candidate, env: { ...decision.candidate.env, beta: 40 } };
    expect(refit(compiled, worse).adopted).toBe(true);
  });

  it('replays a season live: defaults first, then refits every 50 matches from the 100th', () => {
    const live = liveForecasts(compiled);
    expect(live.refits.map((r) => r.at)).toEqual([100, 150, 200, 250, 300, 350, 400, 450]);
    const defaults = modelForecasts(compiled, DEFAULT_MODEL);
    expect([...live.probabilities.slice(0, 100)]).toEqual([...defaults.slice(0, 100)]);
    expect(live.probabilities.every((p) => p > 0 && p < 1)).toBe(true);
    const firstAdopted = live.refits.find((r) => r.adopted);
    expect(firstAdopted).toBeDefined();
  });
});
