/** Public API of the player-skill mathematics (pure: no I/O). */
export { aggregatePlayer, PlayerAccumulator } from './aggregate.ts';
export {
  POPULATION_MIN_MATCHES,
  PlayersByGameType,
  computePlayerSkills,
  computeSkillVectors,
  meanAndSd,
  zScores,
} from './population.ts';
export { lineMatchPercentiles, matchPercentiles, midRankPercentiles } from './percentiles.ts';
export type { MatchLine, MatchPercentile, MatchPlayerStats } from './percentiles.ts';
export { STAT_KEYS } from './types.ts';
export type {
  GameType,
  PlayerAggregate,
  PlayerKey,
  PlayerMatchRow,
  PlayerSkill,
  RoleStat,
  StatKey,
  StatVector,
  WeaponStat,
} from './types.ts';
