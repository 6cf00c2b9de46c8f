/** Seeded simulation of HLL matches with known skills and sector thresholds, for tests. */
import type { RatedMatch } from '#lib/domain/rating/types.ts';

/** A deterministic uniform generator on [0, 1). */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

/** A standard normal draw by Box-Muller. */
export function normal(random: () => number): number {
  const u = 1 - random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/**
 * `count` matches among `teams` teams with skills ~ N(25, 8^2), performances
 * N(skill, beta^2), and the score band chosen from d = |perf_a - perf_b| with
 * thresholds t1 < t2. Dates increase by one minute per match.
 */
export function simulateMatches(options: {
  teams: number;
  count: number;
  beta: number;
  t1: number;
  t2: number;
  seed: number;
}): { matches: RatedMatch[]; skills: number[] } {
  const random = seededRandom(options.seed);
  const skills = Array.from({ length: options.teams }, () => 25 + 8 * normal(random));
  const matches: RatedMatch[] = [];
  for (let i = 0; i < options.count; i++) {
    const a = Math.floor(random() * options.teams);
    let b = Math.floor(random() * (options.teams - 1));
    if (b >= a) b++;
    const d = skills[a]! + options.beta * normal(random) - (skills[b]! + options.beta * normal(random));
    const margin = Math.abs(d);
    const result = margin <= options.t1 ? '3-2' : margin <= options.t2 ? '4-1' : '5-0';
    matches.push({
      id: i,
      winner: d > 0 ? a : b,
      loser: d > 0 ? b : a,
      result,
      date: new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString(),
    });
  }
  return { matches, skills };
}
