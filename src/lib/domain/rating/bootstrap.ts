/** Bootstrap confidence intervals for means of per-match scores. */
import { mulberry32 } from '#lib/domain/logs/write/prng.ts';

/** Options of {@link bootstrapInterval}. */
export interface BootstrapOptions {
  /** Resamples. Default 1000. */
  readonly samples?: number;
  /** Coverage. Default 0.95. */
  readonly level?: number;
  /** Seed of the resampling, so the same data give the same interval. Default 1. */
  readonly seed?: number;
}

/**
 * The percentile bootstrap interval of the mean of `values`: the mean of `samples` resamples with replacement,
 * cut at (1 - level) / 2 and (1 + level) / 2. [NaN, NaN] for no values.
 */
export function bootstrapInterval(values: readonly number[], options: BootstrapOptions = {}): [number, number] {
  const n = values.length;
  if (n === 0) return [Number.NaN, Number.NaN];
  const samples = options.samples ?? 1000;
  const level = options.level ?? 0.95;
  const rng = mulberry32(options.seed ?? 1);
  const means = new Float64Array(samples);
  for (let s = 0; s < samples; s++) {
    let total = 0;
    for (let i = 0; i < n; i++) total += values[Math.floor(rng.next() * n)]!;
    means[s] = total / n;
  }
  means.sort();
  const at = (q: number): number => means[Math.min(samples - 1, Math.max(0, Math.round(q * (samples - 1))))]!;
  return [at((1 - level) / 2), at((1 + level) / 2)];
}
