/**
 * Micro benchmark: replayRatings on 100,000 random matches among 500 teams.
 * Run with `npx node scripts/bench-ratings-math.ts`.
 */
import { replayRatings } from '#lib/domain/rating/replay.ts';
import type { RatedMatch } from '#lib/domain/rating/types.ts';

const MATCHES = 100_000;
const TEAMS = 500;
const RESULTS = ['5-0', '4-1', '3-2', 'other'];

// Deterministic LCG so every run times the same input.
let seed = 12345;
function random(): number {
  seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
  return seed / 4294967296;
}

const matches: RatedMatch[] = [];
const start = Date.UTC(2020, 0, 1);
for (let i = 0; i < MATCHES; i++) {
  const a = Math.floor(random() * TEAMS);
  let b = Math.floor(random() * (TEAMS - 1));
  if (b >= a) b++;
  matches.push({
    id: i,
    winner: `team-${a}`,
    loser: `team-${b}`,
    result: RESULTS[Math.floor(random() * RESULTS.length)]!,
    date: new Date(start + i * 60_000).toISOString(),
  });
}

for (const model of ['trueskill', 'sector'] as const) {
  // Warm-up run lets the JIT settle before the timed runs.
  replayRatings(matches, { model });
  const times: number[] = [];
  for (let run = 0; run < 5; run++) {
    const t0 = performance.now();
    const result = replayRatings(matches, { model });
    times.push(performance.now() - t0);
    if (result.matches.length !== MATCHES) throw new Error('replay lost matches');
  }
  times.sort((x, y) => x - y);
  console.log(
    `replayRatings ${model}: ${MATCHES} matches, ${TEAMS} teams: median ${times[2]!.toFixed(1)} ms, best ${times[0]!.toFixed(1)} ms`,
  );
}
