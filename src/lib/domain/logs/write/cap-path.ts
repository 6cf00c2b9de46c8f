import type { Side } from '#lib/domain/logs/types.ts';
import type { Rng } from './prng.ts';

export interface CapStep {
  side: Side;
  allied: number;
  axis: number;
}

function capture(side: Side, a: number, x: number, target: [number, number]): [number, number] {
  // A capture takes a neutral sector while one remains, otherwise one of the enemy's; the greedy phase only takes
  // from the enemy when it holds more than its final score.
  if (side === 'Allies') {
    const takes = a + x >= 5 || x > target[1];
    return [a + 1, takes ? x - 1 : x];
  }
  const takes = a + x >= 5 || a > target[0];
  return [takes ? a - 1 : a, x + 1];
}

/**
 * Warfare captures from the 2-2 start (middle sector neutral) to the final score (allied + axis is 4 or 5): some random
 * back-and-forth when the final total is 5, then the shortest path. Every step's score is what the log prints.
 */
export function capPath(rng: Rng, allied: number, axis: number): CapStep[] {
  const target: [number, number] = [allied, axis];
  // Only the middle sector starts neutral and sectors never turn neutral again, so a final total is 4 or 5.
  if (allied < 0 || axis < 0 || allied + axis > 5 || allied + axis < 4) {
    throw new RangeError('Warfare scores must be >= 0 and add up to 4 or 5');
  }
  const steps: CapStep[] = [];
  let a = 2;
  let x = 2;
  if (allied + axis === 5) {
    const extra = rng.int(0, 6);
    for (let i = 0; i < extra; i++) {
      const side: Side = rng.chance(0.5) ? 'Allies' : 'Axis';
      if ((side === 'Allies' && x === 0) || (side === 'Axis' && a === 0)) continue;
      [a, x] =
        a + x >= 5
          ? side === 'Allies'
            ? [a + 1, x - 1]
            : [a - 1, x + 1]
          : side === 'Allies'
            ? [a + 1, x]
            : [a, x + 1];
      steps.push({ side, allied: a, axis: x });
    }
  }
  for (let guard = 0; guard < 20 && (a !== allied || x !== axis); guard++) {
    const side: Side = a < allied ? 'Allies' : 'Axis';
    [a, x] = capture(side, a, x, target);
    steps.push({ side, allied: a, axis: x });
  }
  return steps;
}
