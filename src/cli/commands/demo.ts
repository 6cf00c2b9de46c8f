import type { Command } from '#cli/command.ts';
import { intOption, numberOption, UsageError } from '#cli/command.ts';
import {
  BASELINE_MODELS,
  conservativeScore,
  formatTable,
  kendallTauB,
  replayParamsOf,
  replayRatings,
  seasonOf,
  summariseSeasons,
} from '#lib/domain/rating/index.ts';
import { DEMO_DEFAULTS, describeDemo, seedDemo } from '#lib/server/services/demo/seed.ts';
import { evaluationTable } from '#lib/server/services/ratings/analysis.ts';

export const demoSeed: Command = {
  name: 'demo seed',
  usage: '[--seed n] [--teams n] [--matches n]',
  summary: `Seed a generated demo community into an empty database (default ${DEMO_DEFAULTS.teams} teams, ${DEMO_DEFAULTS.matches} matches)`,
  options: { seed: { type: 'string' }, teams: { type: 'string' }, matches: { type: 'string' } },
  positionals: 0,
  async run(context) {
    const seed = intOption(context, 'seed', DEMO_DEFAULTS.seed)!;
    const teams = intOption(context, 'teams', DEMO_DEFAULTS.teams)!;
    const matches = intOption(context, 'matches', DEMO_DEFAULTS.matches)!;
    if (teams < 2 || teams > 1000) throw new UsageError('Option --teams must be between 2 and 1000');
    if (matches < 1 || matches > 100_000) throw new UsageError('Option --matches must be between 1 and 100000');
    const summary = await seedDemo(await context.db(), { seed, teams, matches, progress: context.progress });
    context.out(describeDemo(summary));
  },
};

export const demoSeason: Command = {
  name: 'demo season',
  usage: '[--drift d] [--teams n] [--matches n] [--days n] [--seed n] [--seeds n] [--live] [--rosters]',
  summary:
    "Simulate seasons with known drifting strengths (no database) and score the site's model, the roster-aware model and the baselines against the oracle; --rosters: seasons in which who played decides the strength",
  options: {
    drift: { type: 'string' },
    teams: { type: 'string' },
    matches: { type: 'string' },
    days: { type: 'string' },
    seed: { type: 'string' },
    seeds: { type: 'string' },
    live: { type: 'boolean' },
    rosters: { type: 'boolean' },
  },
  positionals: 0,
  async run(context) {
    const drift = numberOption(context, 'drift', 1)!;
    const teams = intOption(context, 'teams', 40)!;
    const matches = intOption(context, 'matches', 1200)!;
    const days = intOption(context, 'days', 180)!;
    const seed = intOption(context, 'seed', 1)!;
    const seeds = intOption(context, 'seeds', 1)!;
    if (!(drift >= 0 && drift <= 20)) throw new UsageError('Option --drift must be between 0 and 20');
    if (teams < 2 || teams > 1000) throw new UsageError('Option --teams must be between 2 and 1000');
    if (matches < 10 || matches > 100_000) throw new UsageError('Option --matches must be between 10 and 100000');
    if (days < 1 || days > 3650) throw new UsageError('Option --days must be between 1 and 3650');
    if (seeds < 1 || seeds > 100) throw new UsageError('Option --seeds must be between 1 and 100');
    const rosters = context.values['rosters'] === true;
    const kind = { teams, matches, days, drift, rosters };
    const list = Array.from({ length: seeds }, (_, i) => seed + i);
    const { rows, evaluations } = summariseSeasons(
      kind,
      list,
      context.values['live'] === true ? ['rating', 'live', ...BASELINE_MODELS.slice(1)] : undefined,
    );
    context.out(
      `${seeds} ${rosters ? 'roster ' : ''}season(s) of ${teams} teams, ${matches} matches over ${days} days, drift ${drift} (seed ${seed}${seeds > 1 ? `-${seed + seeds - 1}` : ''}); scored on the latest 30% against the oracle that knows the true strengths.`,
    );
    if (seeds === 1) {
      const evaluation = evaluations[0]!;
      context.out(evaluationTable(evaluation));
      const season = seasonOf(kind, seed);
      const replay = replayRatings(season.matches, replayParamsOf(evaluation.params));
      const keys = [...replay.teams.keys()];
      const tau = kendallTauB(
        keys.map((k) => conservativeScore(replay.teams.get(k)!)),
        keys.map((k) => season.finalStrength.get(String(k))!),
      );
      if (tau !== null)
        context.out(`Kendall tau (final score vs final true strength, ${keys.length} teams): ${tau.toFixed(4)}`);
      return;
    }
    context.out(
      formatTable(
        rows.map((r) => ({
          model: r.model,
          seasons: r.seasons,
          log_loss: r.logLoss,
          gap: r.gap,
          gap_se: r.gapError,
          slope: r.slope,
        })),
        { columns: ['model', 'seasons', 'log_loss', 'gap', 'gap_se', 'slope'] },
      ),
    );
  },
};
