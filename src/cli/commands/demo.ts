import type { Command } from '../command.ts';
import { intOption, UsageError } from '../command.ts';
import { DEMO_DEFAULTS, describeDemo, seedDemo } from '../../lib/server/services/demo/seed.ts';

export const demoSeed: Command = {
  name: 'demo seed',
  usage: '[--seed n] [--teams n] [--matches n] [--reported n]',
  summary: `Seed a generated demo community into an empty database (default ${DEMO_DEFAULTS.teams} teams, ${DEMO_DEFAULTS.matches} matches)`,
  options: { seed: { type: 'string' }, teams: { type: 'string' }, matches: { type: 'string' }, reported: { type: 'string' } },
  positionals: 0,
  async run(context) {
    const seed = intOption(context, 'seed', DEMO_DEFAULTS.seed)!;
    const teams = intOption(context, 'teams', DEMO_DEFAULTS.teams)!;
    const matches = intOption(context, 'matches', DEMO_DEFAULTS.matches)!;
    const reported = intOption(context, 'reported', 150)!;
    if (teams < 2 || teams > 1000) throw new UsageError('Option --teams must be between 2 and 1000');
    if (matches < 1 || matches > 100_000) throw new UsageError('Option --matches must be between 1 and 100000');
    if (reported < 0) throw new UsageError('Option --reported must not be negative');
    const summary = await seedDemo(await context.db(), { seed, teams, matches, reported, log: context.out });
    context.out(describeDemo(summary));
  },
};
