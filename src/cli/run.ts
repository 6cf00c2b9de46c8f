import { parseArgs } from 'node:util';
import type { Command, CommandContext } from './command.ts';
import { UsageError } from './command.ts';
import { HttpError } from '#lib/server/core/errors.ts';
import { ConfigError, getConfig } from '#lib/server/config.ts';
import { connectDatabase, type DatabaseHandle } from '#lib/server/db/connect.ts';
import { DataFolderLockedError } from '#lib/server/db/folder-lock.ts';
import { BackupError } from '#lib/server/services/backup.ts';
import { tellInstances } from '#lib/server/db/changes.ts';
import { noProgress, type Progress } from '#lib/server/progress.ts';

function helpText(commands: Command[]): string {
  const width = Math.max(...commands.map((c) => c.name.length + c.usage.length + 1));
  const lines = commands.map((c) => `  ${`${c.name} ${c.usage}`.padEnd(width)}  ${c.summary}`);
  return [
    'Usage: npm run hss -- <command> [options]',
    '',
    'Commands:',
    ...lines,
    '',
    'Options: --help shows this list.',
  ].join('\n');
}

function findCommand(commands: Command[], argv: string[]): { command: Command; rest: string[] } | undefined {
  const sorted = [...commands].sort((a, b) => b.name.split(' ').length - a.name.split(' ').length);
  for (const command of sorted) {
    const words = command.name.split(' ');
    if (words.every((word, i) => argv[i] === word)) return { command, rest: argv.slice(words.length) };
  }
  return undefined;
}

function checkPositionals(command: Command, positionals: string[]): void {
  const spec = command.positionals ?? 0;
  const [min, max] = typeof spec === 'number' ? [spec, spec] : spec;
  if (positionals.length < min || positionals.length > max) {
    throw new UsageError(
      `'${command.name}' expects ${min === max ? min : `${min} to ${max}`} argument(s), got ${positionals.length}`,
    );
  }
}

/**
 * Runs the CLI for `argv` and returns the exit code: 0 success, 1 failure, 2 bad arguments.
 * Output goes through `out` and `err` so that tests can capture it.
 */
export async function runCli(
  commands: Command[],
  argv: string[],
  io: {
    out: (line: string) => void;
    err: (line: string) => void;
    /** An open database to use instead of connecting from the configuration (tests); left open. */
    database?: DatabaseHandle;
    /** Where long commands report how far they have come (default: nowhere). */
    progress?: Progress;
  },
): Promise<number> {
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
    io.out(helpText(commands));
    return argv.length === 0 ? 2 : 0;
  }
  const found = findCommand(commands, argv);
  if (!found) {
    io.err(`Unknown command '${argv.join(' ')}'.\n\n${helpText(commands)}`);
    return 2;
  }
  const { command, rest } = found;
  let handle: DatabaseHandle | undefined;
  try {
    if (rest.includes('--help')) {
      io.out(`Usage: npm run hss -- ${command.name} ${command.usage}\n\n${command.summary}`);
      return 0;
    }
    let parsed;
    try {
      parsed = parseArgs({ args: rest, options: command.options ?? {}, allowPositionals: true, strict: true });
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
    checkPositionals(command, parsed.positionals);
    const context: CommandContext = {
      positionals: parsed.positionals,
      values: parsed.values as CommandContext['values'],
      out: io.out,
      progress: io.progress ?? noProgress,
      async db(options) {
        if (io.database) return io.database.db;
        if (!handle) {
          const config = getConfig();
          handle = await connectDatabase({
            databaseUrl: config.databaseUrl,
            dataDir: config.dataDir,
            poolSize: 4,
            migrate: options?.migrate ?? true,
            progress: io.progress,
          });
        }
        return handle.db;
      },
    };
    return (await command.run(context)) ?? 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\nUsage: npm run hss -- ${command.name} ${command.usage}`);
      return 2;
    }
    if (error instanceof HttpError) {
      io.err(error.message);
      return error.status < 500 ? 2 : 1;
    }
    if (error instanceof ConfigError || error instanceof DataFolderLockedError || error instanceof BackupError) {
      io.err(error.message);
      return 1;
    }
    io.err(`Failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    // Running sites keep what they read in memory until told of a change (db/changes.ts): whatever the command wrote
    // must show at once. PGlite has no other process to tell: its folder is locked while a site serves it.
    if (handle?.engine === 'postgres') await tellInstances(handle.db).catch(() => {});
    await handle?.close();
  }
}
