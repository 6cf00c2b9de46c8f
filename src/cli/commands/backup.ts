import path from 'node:path';
import type { Command, CommandContext } from '#cli/command.ts';
import type { DB } from '#lib/server/db/index.ts';
import type { Progress } from '#lib/server/progress.ts';
import { restoreBackup, writeBackup } from '#lib/server/services/backup.ts';

/** A command taking one file that moves every table; it reports the rows, tables and time. */
function fileCommand(
  name: string,
  summary: string,
  verb: string,
  open: (context: CommandContext) => Promise<DB>,
  action: (db: DB, file: string, progress: Progress) => Promise<Record<string, number>>,
): Command {
  return {
    name,
    usage: '<file>',
    summary,
    positionals: 1,
    async run(context) {
      const file = path.resolve(context.positionals[0]!);
      const started = performance.now();
      const rows = await action(await open(context), file, context.progress);
      const total = Object.values(rows).reduce((sum, n) => sum + n, 0);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      context.out(`${verb} ${total} rows of ${Object.keys(rows).length} tables (${file}) in ${seconds} s.`);
    },
  };
}

export const backup = fileCommand(
  'backup',
  'Write a consistent, gzipped backup of the whole database to <file> (restorable on either engine)',
  'Backed up',
  (context) => context.db(),
  writeBackup,
);

export const restore = fileCommand(
  'restore',
  'Restore a backup made by `hss backup` into an empty database (stop the server first)',
  'Restored',
  (context) => context.db({ migrate: false }),
  restoreBackup,
);
