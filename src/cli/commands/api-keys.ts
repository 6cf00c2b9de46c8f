import type { Command } from '#cli/command.ts';
import { cliActor } from '#lib/server/auth/actor.ts';
import { rotateApiKey } from '#lib/server/services/api-keys.ts';
import { requireTeam } from '#lib/server/services/teams-write.ts';

export const apiKeysCreate: Command = {
  name: 'api-keys create',
  usage: '<teamTag>',
  summary: "Create or rotate a team's API key and print it once",
  positionals: 1,
  async run(context) {
    const db = await context.db();
    const team = await requireTeam(db, context.positionals[0] ?? '');
    const key = await rotateApiKey(db, cliActor, team.id);
    context.out(`API key for ${team.tag} (shown once, store it now):`);
    context.out(key);
  },
};
