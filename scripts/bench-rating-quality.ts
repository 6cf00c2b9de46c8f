/**
 * `npm run bench:rating-quality [-- --seeds N]`: rating quality on simulated seasons the project has never seen.
 * For each kind of season (drifting strengths, static strengths, a small 12-team season, a roster season in which
 * who played decides the strength; see SEASON_KINDS) it simulates N seasons (default 10), scores every model on the
 * newest 30% of matches and prints per model the mean log-loss gap to the oracle that knows the true strengths, its
 * standard error over the seasons, accuracy and the mean calibration slope. `rating` is the site's team model
 * refitted on the older 70% exactly as a series is; `roster` the roster-aware model; `auto` what the automatic refit
 * picks between them on held-out matches; `live` what a series would have predicted match by match from the
 * defaults, refitting every 50 matches. The roster-aware model's target: at least half of `rating`'s gap closed on
 * roster seasons, within 0.002 of it on the others.
 */
import { parseArgs } from 'node:util';
import { BASELINE_MODELS, SEASON_KINDS, formatTable, summariseSeasons } from '#lib/domain/rating/index.ts';
import type { ModelSummary } from '#lib/domain/rating/index.ts';

const { values } = parseArgs({ options: { seeds: { type: 'string', default: '10' } } });
const seeds = Array.from({ length: Number(values.seeds) }, (_, i) => i + 1);
const models = ['rating', 'roster', 'auto', 'live', ...BASELINE_MODELS.slice(3)] as const;
const targets = { drifting: 0.045, static: 0.012 } as const;

console.log(`Rating quality on ${seeds.length} simulated seasons of each kind (test: the newest 30% of matches).`);
const verdicts: string[] = [];
for (const [name, kind] of Object.entries(SEASON_KINDS)) {
  const t0 = performance.now();
  const { rows } = summariseSeasons(kind, seeds, models);
  const seconds = ((performance.now() - t0) / 1000).toFixed(1);
  console.log(
    `\n${name}: ${kind.teams} teams, ${kind.matches} matches over ${kind.days} days, drift ${kind.drift} (${seconds} s)`,
  );
  console.log(
    formatTable(
      rows.map((r) => ({
        model: r.model,
        log_loss: r.logLoss,
        gap: r.gap,
        gap_se: r.gapError,
        accuracy: r.accuracy,
        slope: r.slope,
      })),
      { columns: ['model', 'log_loss', 'gap', 'gap_se', 'accuracy', 'slope'] },
    ),
  );
  const row = (model: string): ModelSummary => rows.find((r) => r.model === model)!;
  const target = targets[name as keyof typeof targets];
  for (const model of ['rating', 'live']) {
    const r = row(model);
    const checks = [
      ...(target === undefined ? [] : [`gap ${r.gap.toFixed(4)} <= ${target}: ${r.gap <= target ? 'yes' : 'NO'}`]),
      `<= trueskill_tau ${row('trueskill_tau').gap.toFixed(4)}: ${r.gap <= row('trueskill_tau').gap ? 'yes' : 'NO'}`,
      `slope in 0.9-1.1: ${r.slope >= 0.9 && r.slope <= 1.1 ? 'yes' : 'NO'}`,
    ];
    verdicts.push(`${name} ${model}: ${checks.join(', ')}`);
  }
  const team = row('rating').gap;
  for (const model of ['roster', 'auto']) {
    const gap = row(model).gap;
    const check =
      kind.rosters === true
        ? `closes ${(((team - gap) / team) * 100).toFixed(0)}% of rating's gap ${team.toFixed(4)} (target >= 50%): ${team - gap >= team / 2 ? 'yes' : 'NO'}`
        : `gap ${gap.toFixed(4)} within 0.002 of rating's ${team.toFixed(4)}: ${gap <= team + 0.002 ? 'yes' : 'NO'}`;
    verdicts.push(`${name} ${model}: ${check}`);
  }
}
console.log(`\n${verdicts.join('\n')}`);
