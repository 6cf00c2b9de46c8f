import { commands } from './commands/index.ts';
import { runCli } from './run.ts';

const code = await runCli(commands, process.argv.slice(2), {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
});
process.exitCode = code;
