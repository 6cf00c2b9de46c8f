import type { Command } from '#cli/command.ts';
import { stringOption } from '#cli/command.ts';
import { cliActor } from '#lib/server/auth/actor.ts';
import { createTeam } from '#lib/server/services/teams-write.ts';

export const teamsCreate: Command = {
  name: 'teams create',
  usage: '<tag> --name <name> --series <tag>',
  summary: 'Create a team rated in a series',
  options: { name: { type: 'string' }, series: { type: 'string' } },
  positionals: 1,
  async run(context) {
    const name = stringOption(context, 'name', true);
    const seriesTag = stringOption(context, 'series', true);
    const team = await createTeam(await context.db(), cliActor, { tag: context.positionals[0] ?? '', name, seriesTag });
    context.out(`Created team ${team.tag} (${team.name}) in series ${seriesTag}.`);
  },
};
