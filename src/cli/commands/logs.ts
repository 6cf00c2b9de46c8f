import { readFile } from 'node:fs/promises';
import type { Command } from '#cli/command.ts';
import { intOption, stringOption, UsageError } from '#cli/command.ts';
import { LogParseError, parseMatch, type LogFormat, type ParseOptions } from '#lib/domain/logs/index.ts';
import { LOG_FORMATS } from '#lib/server/services/ingestion/input.ts';

/**
 * `hss logs parse <file>`: prints the parsed match as JSON without opening the database. Exit codes: 0 parsed,
 * 2 the file holds several matches (the candidates are printed; choose one with --match) or bad arguments,
 * 1 unreadable file or log.
 */
export const logsParse: Command = {
  name: 'logs parse',
  usage: '<file> [--format hlu-txt|hlu-csv|hlu-json|rcon] [--year <year>] [--match <index>]',
  summary: 'Parse a server log and print the match it holds as JSON (no database)',
  positionals: 1,
  options: { format: { type: 'string' }, year: { type: 'string' }, match: { type: 'string' } },
  async run(context) {
    const options: ParseOptions = {};
    const format = stringOption(context, 'format');
    if (format !== undefined) {
      if (!(LOG_FORMATS as readonly string[]).includes(format))
        throw new UsageError(`Option --format must be one of ${LOG_FORMATS.join(', ')}`);
      options.format = format as LogFormat;
    }
    const year = intOption(context, 'year');
    if (year !== undefined) options.year = year;
    const match = intOption(context, 'match');
    if (match !== undefined) options.match = match;
    const file = context.positionals[0] ?? '';
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      throw new Error(`Cannot read '${file}': ${(error as NodeJS.ErrnoException).code ?? String(error)}`, {
        cause: error,
      });
    }
    try {
      context.out(JSON.stringify(parseMatch(text, options), null, 2));
      return 0;
    } catch (error) {
      if (!(error instanceof LogParseError)) throw error;
      if (error.code === 'MultipleMatches' || error.code === 'MatchIndexOutOfRange') {
        context.out(
          JSON.stringify({ error: error.message, code: error.code, matches: error.candidates ?? [] }, null, 2),
        );
        return 2;
      }
      throw new Error(`${error.code}: ${error.message}`, { cause: error });
    }
  },
};
