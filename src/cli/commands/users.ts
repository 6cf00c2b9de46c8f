import type { Command } from '#cli/command.ts';
import { stringOption } from '#cli/command.ts';
import { cliActor } from '#lib/server/auth/actor.ts';
import { grantRole } from '#lib/server/services/users.ts';
import { requireTeam } from '#lib/server/services/teams-write.ts';

export const usersGrant: Command = {
  name: 'users grant',
  usage: '<discordId> <ADMIN|USER|TEAM_MANAGER> [--team <tag>]',
  summary: "Grant a role to a Discord user; --team also makes them that team's manager",
  options: { team: { type: 'string' } },
  positionals: 2,
  async run(context) {
    const [discordId = '', role = ''] = context.positionals;
    const db = await context.db();
    const teamTag = stringOption(context, 'team');
    const team = teamTag ? await requireTeam(db, teamTag) : undefined;
    await grantRole(db, cliActor, discordId, role.toUpperCase(), team?.id);
    context.out(`Granted ${role.toUpperCase()} to ${discordId}${team ? ` as manager of ${team.tag}` : ''}.`);
  },
};
