import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createEnv, drawMargin } from '#lib/domain/rating/env.ts';
import type { TrueSkillEnvOptions } from '#lib/domain/rating/env.ts';
import { matchQuality, rate1vs1 } from '#lib/domain/rating/trueskill.ts';

interface Vector {
  id: string;
  kind: '1vs1' | 'draw_margin' | 'quality';
  env?: TrueSkillEnvOptions;
  r1?: [number, number];
  r2?: [number, number];
  drawn?: boolean;
  draw_probability?: number;
  beta?: number;
  expected: number | [[number, number], [number, number]];
  abs_tol: number;
}

const file = new URL('../../fixtures/rating/trueskill-reference-vectors.json', import.meta.url);
const vectors = (JSON.parse(readFileSync(file, 'utf8')) as { vectors: Vector[] }).vectors;

function rating(pair: [number, number] | undefined): { mu: number; sigma: number } {
  if (!pair) throw new Error('vector without ratings');
  return { mu: pair[0], sigma: pair[1] };
}

describe('TrueSkill reference vectors', () => {
  it('covers every kind', () => {
    expect(vectors.length).toBeGreaterThanOrEqual(20);
    expect(new Set(vectors.map((v) => v.kind))).toEqual(new Set(['1vs1', 'draw_margin', 'quality']));
  });

  for (const vector of vectors) {
    it(`${vector.kind} ${vector.id}`, () => {
      // The vectors come from libraries whose default draw probability is 0.10 (ours is 0).
      const env = createEnv({ draw_probability: 0.1, ...vector.env });
      if (vector.kind === 'draw_margin') {
        const got = drawMargin(vector.draw_probability ?? Number.NaN, vector.beta ?? Number.NaN);
        expect(Math.abs(got - (vector.expected as number))).toBeLessThanOrEqual(vector.abs_tol);
      } else if (vector.kind === 'quality') {
        const got = matchQuality(rating(vector.r1), rating(vector.r2), env);
        expect(Math.abs(got - (vector.expected as number))).toBeLessThanOrEqual(vector.abs_tol);
      } else {
        const [a, b] = rate1vs1(rating(vector.r1), rating(vector.r2), vector.drawn ?? false, env);
        const expected = vector.expected as [[number, number], [number, number]];
        const got = [a.mu, a.sigma, b.mu, b.sigma];
        const want = [expected[0][0], expected[0][1], expected[1][0], expected[1][1]];
        for (let i = 0; i < 4; i++) {
          expect(Math.abs(got[i]! - want[i]!), `component ${i}: ${got[i]} vs ${want[i]}`).toBeLessThanOrEqual(
            vector.abs_tol,
          );
        }
      }
    });
  }
});
