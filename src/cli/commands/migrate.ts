import type { Command } from '#cli/command.ts';

export const migrate: Command = {
  name: 'migrate',
  usage: '',
  summary: 'Apply pending database migrations',
  positionals: 0,
  async run({ db, out }) {
    await db();
    out('Database schema is up to date.');
  },
};
