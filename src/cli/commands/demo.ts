import type { Command } from '#cli/command.ts';
import { intOption, UsageError } from '#cli/command.ts';
import { DEMO_DEFAULTS, describeDemo, seedDemo } from '#lib/server/services/demo/seed.ts';

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
    const summary = await seedDemo(await context.db(), { seed, teams, matches, log: context.out });
    context.out(describeDemo(summary));
  },
};
