/** Skill vectors: a player's rates as z-scores against the population. */
import { PlayerAccumulator } from './aggregate.ts';
import type { GameType, PlayerAggregate, PlayerKey, PlayerMatchRow, PlayerSkill, StatVector } from './types.ts';

/** Minimum matches for a player to belong to the reference population. */
export const POPULATION_MIN_MATCHES = 3;

/**
 * Adds a skill vector to every aggregate. The population is the players (of
 * the same series and game type, i.e. of this map) with at least `minMatches`
 * matches and a defined x_bar. Its mean m and standard deviation sd (plain,
 * unweighted, divided by n) per rate give
 *   z = (x_bar - m) / sd for kpm, spm, cpm and z_dpm = -(x_bar - m) / sd,
 * so higher is better on every axis (fewer deaths is better). A rate with
 * sd = 0 scores 0. Players outside the population are scored against it too;
 * skill is null without x_bar or without any population.
 */
export function computeSkillVectors<K extends PlayerKey>(
  players: ReadonlyMap<K, PlayerAggregate>,
  minMatches: number = POPULATION_MIN_MATCHES,
): Map<K, PlayerSkill> {
  return runToEnd(skillVectorsInSlices(players, minMatches));
}

/**
 * computeSkillVectors worked out `slice` players at a time: the generator pauses after each slice and returns the
 * scores at its end. A caller that must not hold its thread for a whole population resumes it on later turns.
 */
function* skillVectorsInSlices<K extends PlayerKey>(
  players: ReadonlyMap<K, PlayerAggregate>,
  minMatches: number = POPULATION_MIN_MATCHES,
  slice = Infinity,
): Generator<void, Map<K, PlayerSkill>> {
  const population: StatVector[] = [];
  for (const p of players.values()) if (p.matches >= minMatches && p.x_bar) population.push(p.x_bar);
  const stats = population.length > 0 ? meanAndSd(population) : null;
  const out = new Map<K, PlayerSkill>();
  for (const [key, p] of players) {
    const skill = stats && p.x_bar ? zScores(p.x_bar, stats.mean, stats.sd) : null;
    out.set(key, { ...p, skill, in_population: p.matches >= minMatches && p.x_bar !== null });
    if (out.size % slice === 0) yield;
  }
  return out;
}

/**
 * Players' rows added up per game type and player as they come (PlayerAccumulator), so that a caller reading many
 * rows in chunks holds sums, not rows. Players keep the order of their first row: populations are added up in it.
 */
export class PlayersByGameType<K extends PlayerKey> {
  readonly #byType = new Map<GameType, Map<K, PlayerAccumulator>>();

  add(gameType: GameType, player: K, row: PlayerMatchRow): void {
    let players = this.#byType.get(gameType);
    if (!players) this.#byType.set(gameType, (players = new Map()));
    let accumulator = players.get(player);
    if (!accumulator) players.set(player, (accumulator = new PlayerAccumulator()));
    accumulator.add(row);
  }

  /** Each game type's players scored against its population (see computeSkillVectors). */
  skills(minMatches: number = POPULATION_MIN_MATCHES): Map<GameType, Map<K, PlayerSkill>> {
    return runToEnd(this.skillsInSlices(minMatches));
  }

  /** skills() worked out `slice` players at a time, pausing after each slice aggregated or scored. */
  *skillsInSlices(
    minMatches: number = POPULATION_MIN_MATCHES,
    slice = Infinity,
  ): Generator<void, Map<GameType, Map<K, PlayerSkill>>> {
    const out = new Map<GameType, Map<K, PlayerSkill>>();
    for (const [gameType, players] of this.#byType) {
      const aggregates = new Map<K, PlayerAggregate>();
      for (const [player, accumulator] of players) {
        aggregates.set(player, accumulator.aggregate());
        if (aggregates.size % slice === 0) yield;
      }
      out.set(gameType, yield* skillVectorsInSlices(aggregates, minMatches, slice));
    }
    return out;
  }
}

/** Aggregates rows per game type and player, then scores each game type's players (see computeSkillVectors). */
export function computePlayerSkills<K extends PlayerKey>(
  rows: readonly (PlayerMatchRow & { readonly player: K; readonly gameType: GameType })[],
  minMatches: number = POPULATION_MIN_MATCHES,
): Map<GameType, Map<K, PlayerSkill>> {
  const players = new PlayersByGameType<K>();
  for (const row of rows) players.add(row.gameType, row.player, row);
  return players.skills(minMatches);
}

/** The value a sliced computation returns, all of its slices run at once. */
function runToEnd<T>(steps: Generator<void, T>): T {
  let step = steps.next();
  while (!step.done) step = steps.next();
  return step.value;
}

/** Plain mean and population standard deviation of each rate. */
export function meanAndSd(values: readonly StatVector[]): { mean: StatVector; sd: StatVector } {
  const n = values.length;
  const avg = (f: (v: StatVector) => number): number => values.reduce((s, v) => s + f(v), 0) / n;
  const mean = { kpm: avg((v) => v.kpm), dpm: avg((v) => v.dpm), spm: avg((v) => v.spm), cpm: avg((v) => v.cpm) };
  const sd = {
    kpm: Math.sqrt(avg((v) => (v.kpm - mean.kpm) ** 2)),
    dpm: Math.sqrt(avg((v) => (v.dpm - mean.dpm) ** 2)),
    spm: Math.sqrt(avg((v) => (v.spm - mean.spm) ** 2)),
    cpm: Math.sqrt(avg((v) => (v.cpm - mean.cpm) ** 2)),
  };
  return { mean, sd };
}

/** z-scores with deaths inverted; a zero sd gives 0. */
export function zScores(x: StatVector, mean: StatVector, sd: StatVector): StatVector {
  const z = (v: number, m: number, s: number): number => (s > 0 ? (v - m) / s : 0);
  return {
    kpm: z(x.kpm, mean.kpm, sd.kpm),
    // Mirrored rather than negated, so a zero score is +0 and never -0.
    dpm: z(mean.dpm, x.dpm, sd.dpm),
    spm: z(x.spm, mean.spm, sd.spm),
    cpm: z(x.cpm, mean.cpm, sd.cpm),
  };
}
