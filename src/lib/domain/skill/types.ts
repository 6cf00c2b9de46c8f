/** Value types of the player-skill domain. */

/** HLL game types; skill is computed separately for each. */
export type GameType = 'competitive' | 'event' | 'friendly';

/** Identifies a player (e.g. a Steam id or database id). */
export type PlayerKey = string | number;

/** The four per-minute rates skill is measured on. */
export const STAT_KEYS = ['kpm', 'dpm', 'spm', 'cpm'] as const;

/** Name of one rate: kills, deaths, support points, combat points per minute. */
export type StatKey = (typeof STAT_KEYS)[number];

/** One value per rate. */
export type StatVector = Readonly<Record<StatKey, number>>;

/** A player's line in one match. `playtime` is in minutes; `weapons` maps weapon -> kills. */
export interface PlayerMatchRow extends StatVector {
  readonly playtime: number;
  readonly weapons: Readonly<Record<string, number>>;
  readonly roles: readonly string[];
}

/** Kills with one weapon and their share of all the player's kills (0..1). */
export interface WeaponStat {
  readonly kills: number;
  readonly share: number;
}

/** Matches in which a role was played, and minutes attributed to it. */
export interface RoleStat {
  readonly matches: number;
  readonly minutes: number;
}

/** A player's aggregate over the matches of one game type (see aggregatePlayer). */
export interface PlayerAggregate {
  readonly matches: number;
  /** Total playtime in minutes. */
  readonly playtime: number;
  readonly x_bar: StatVector | null;
  readonly s: StatVector | null;
  readonly weapon_stats: Readonly<Record<string, WeaponStat>>;
  readonly role_stats: Readonly<Record<string, RoleStat>>;
}

/** An aggregate with its skill vector against the population (see computeSkillVectors). */
export interface PlayerSkill extends PlayerAggregate {
  readonly skill: StatVector | null;
  /** Whether the player is part of the reference population (enough matches). */
  readonly in_population: boolean;
}
