/** Per-player aggregation of match rows. */
import { STAT_KEYS } from './types.ts';
import type { PlayerAggregate, PlayerMatchRow, RoleStat, StatKey, StatVector } from './types.ts';

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
  const player = new PlayerAccumulator();
  for (const row of rows) player.add(row);
  return player.aggregate();
}

/**
 * Adds up one player's rows as they come into the aggregate aggregatePlayer defines, keeping five numbers of each row
 * (playtime and rates, for the deviations from the mean) instead of the row. Every sum runs in row order.
 */
export class PlayerAccumulator {
  /** Per row: w, kpm, dpm, spm, cpm (w = playtime, 0 when negative). */
  readonly #rates: number[] = [];
  #playtime = 0;
  #squaredPlaytime = 0;
  readonly #weighted: Record<StatKey, number> = { kpm: 0, dpm: 0, spm: 0, cpm: 0 };
  // Maps, not objects: a weapon or role named like an Object.prototype member ('__proto__', 'toString') would read
  // or replace the prototype's.
  readonly #kills = new Map<string, number>();
  #allKills = 0;
  readonly #roles = new Map<string, RoleStat>();

  add(row: PlayerMatchRow): void {
    const w = Math.max(0, row.playtime);
    this.#rates.push(w, row.kpm, row.dpm, row.spm, row.cpm);
    this.#playtime += w;
    this.#squaredPlaytime += w * w;
    for (const k of STAT_KEYS) this.#weighted[k] += w * row[k];
    for (const [weapon, n] of Object.entries(row.weapons)) {
      this.#kills.set(weapon, (this.#kills.get(weapon) ?? 0) + n);
      this.#allKills += n;
    }
    const roles = [...new Set(row.roles)];
    const minutes = roles.length > 0 ? w / roles.length : 0;
    for (const role of roles) {
      const prev = this.#roles.get(role) ?? { matches: 0, minutes: 0 };
      this.#roles.set(role, { matches: prev.matches + 1, minutes: prev.minutes + minutes });
    }
  }

  get matches(): number {
    return this.#rates.length / 5;
  }

  aggregate(): PlayerAggregate {
    const v1 = this.#playtime;
    const matches = this.matches;
    const xBar = v1 > 0 ? mapStats((k) => this.#weighted[k] / v1) : null;
    let s: StatVector | null = null;
    const denominator = v1 - this.#squaredPlaytime / v1;
    if (xBar && matches >= 2 && denominator > 0) {
      const sums: Record<StatKey, number> = { kpm: 0, dpm: 0, spm: 0, cpm: 0 };
      for (let i = 0; i < this.#rates.length; i += 5) {
        const w = this.#rates[i]!;
        STAT_KEYS.forEach((k, j) => (sums[k] += w * (this.#rates[i + 1 + j]! - xBar[k]) ** 2));
      }
      s = mapStats((k) => Math.sqrt(sums[k] / denominator));
    }
    const total = this.#allKills;
    return {
      matches,
      playtime: v1,
      x_bar: xBar,
      s,
      weapon_stats: Object.fromEntries(
        [...this.#kills].map(([weapon, n]) => [weapon, { kills: n, share: total > 0 ? n / total : 0 }]),
      ),
      role_stats: Object.fromEntries(this.#roles),
    };
  }
}

function mapStats(f: (key: StatKey) => number): StatVector {
  return { kpm: f('kpm'), dpm: f('dpm'), spm: f('spm'), cpm: f('cpm') };
}
