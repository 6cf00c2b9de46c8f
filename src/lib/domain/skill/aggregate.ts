/** Per-player aggregation of match rows. */
import { STAT_KEYS } from './types.ts';
import type { PlayerAggregate, PlayerMatchRow, RoleStat, StatKey, StatVector, WeaponStat } from './types.ts';

/**
 * Aggregates one player's rows (one game type, one series):
 * - matches: the number of rows.
 * - x_bar: playtime-weighted mean of kpm, dpm, spm, cpm, sum(w x) / sum(w) with
 *   w = playtime; null when the total playtime is 0.
 * - s: playtime-weighted standard deviation with the reliability-weights
 *   correction, sqrt(sum(w (x - x_bar)^2) / (V1 - V2 / V1)), V1 = sum(w),
 *   V2 = sum(w^2) (the usual n - 1 sample sd when all playtimes are equal);
 *   null under two matches or when fewer than two rows have playtime.
 * - weapon_stats: kills summed per weapon; share = kills / all kills (0 if none).
 * - role_stats: per role, matches it appears in, and minutes = each match's
 *   playtime split evenly over that match's distinct roles.
 */
export function aggregatePlayer(rows: readonly PlayerMatchRow[]): PlayerAggregate {
  let v1 = 0;
  let v2 = 0;
  for (const row of rows) {
    const w = Math.max(0, row.playtime);
    v1 += w;
    v2 += w * w;
  }
  const xBar = v1 > 0 ? weighted(rows, (row) => row, v1) : null;
  let s: StatVector | null = null;
  const denominator = v1 - v2 / v1;
  if (xBar && rows.length >= 2 && denominator > 0) {
    const variance = weighted(rows, (row) => squaredDeviation(row, xBar), denominator);
    s = mapStats((k) => Math.sqrt(variance[k]));
  }
  return {
    matches: rows.length,
    playtime: v1,
    x_bar: xBar,
    s,
    weapon_stats: weaponStats(rows),
    role_stats: roleStats(rows),
  };
}

function mapStats(f: (key: StatKey) => number): StatVector {
  return { kpm: f('kpm'), dpm: f('dpm'), spm: f('spm'), cpm: f('cpm') };
}

function squaredDeviation(row: StatVector, mean: StatVector): StatVector {
  return mapStats((k) => (row[k] - mean[k]) ** 2);
}

function weighted(
  rows: readonly PlayerMatchRow[],
  value: (row: PlayerMatchRow) => StatVector,
  divisor: number,
): StatVector {
  const sums: Record<StatKey, number> = { kpm: 0, dpm: 0, spm: 0, cpm: 0 };
  for (const row of rows) {
    const w = Math.max(0, row.playtime);
    const x = value(row);
    for (const k of STAT_KEYS) sums[k] += w * x[k];
  }
  return mapStats((k) => sums[k] / divisor);
}

function weaponStats(rows: readonly PlayerMatchRow[]): Record<string, WeaponStat> {
  const kills = new Map<string, number>();
  let total = 0;
  for (const row of rows) {
    for (const [weapon, n] of Object.entries(row.weapons)) {
      kills.set(weapon, (kills.get(weapon) ?? 0) + n);
      total += n;
    }
  }
  // Built from entries: a weapon named like an Object.prototype member ('__proto__') stays a plain key.
  return Object.fromEntries([...kills].map(([weapon, n]) => [weapon, { kills: n, share: total > 0 ? n / total : 0 }]));
}

function roleStats(rows: readonly PlayerMatchRow[]): Record<string, RoleStat> {
  // A Map, not an object: a role named like an Object.prototype member ('toString') would read the prototype's.
  const out = new Map<string, RoleStat>();
  for (const row of rows) {
    const roles = [...new Set(row.roles)];
    const minutes = roles.length > 0 ? Math.max(0, row.playtime) / roles.length : 0;
    for (const role of roles) {
      const prev = out.get(role) ?? { matches: 0, minutes: 0 };
      out.set(role, { matches: prev.matches + 1, minutes: prev.minutes + minutes });
    }
  }
  return Object.fromEntries(out);
}
