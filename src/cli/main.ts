import { getConfig } from '#lib/server/config.ts';
import { commands } from './commands/index.ts';
import { terminalProgress } from './progress.ts';
import { runCli } from './run.ts';

const code = await runCli(commands, process.argv.slice(2), {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  // The configuration is read when a step starts: by then opening the database has validated it.
  progress: terminalProgress({ intervalMs: () => getConfig().progressMs }),
});
process.exitCode = code;
