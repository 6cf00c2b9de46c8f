import { readFile } from 'node:fs/promises';
import type { Command } from '#cli/command.ts';
import { intOption, stringOption, UsageError } from '#cli/command.ts';
import { LogParseError, parseMatch, type ParseOptions } from '#lib/domain/logs/index.ts';
import { isLogFormat, LOG_FORMATS } from '#lib/schemas/log-formats.ts';
import { txtYear } from '#lib/server/services/ingestion/prepare.ts';
import { weaponCategory } from '#lib/domain/catalogue/weapons.ts';

/** Kills per weapon name that no category of the catalogue takes (they count as 'unknown'), most kills first. */
export function uncategorisedWeapons(players: Record<string, { weapons: Record<string, number> }>) {
  const kills = new Map<string, number>();
  for (const player of Object.values(players))
    for (const [name, count] of Object.entries(player.weapons))
      if (name !== 'None' && weaponCategory(name) === null) kills.set(name, (kills.get(name) ?? 0) + count);
  return Object.fromEntries([...kills].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])));
}

/**
 * `hss logs parse <file>`: prints the parsed match as JSON without opening the database, with the weapon names no
 * category takes (`uncategorised_weapons`, kills by name). An hlu-txt log without --year is dated from its weekday
 * as a report would be. Exit codes: 0 parsed,
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
      if (!isLogFormat(format)) throw new UsageError(`Option --format must be one of ${LOG_FORMATS.join(', ')}`);
      options.format = format;
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
      const year = txtYear(text, options.format, options.year, Date.now());
      if (year !== undefined) options.year = year;
      const parsed = parseMatch(text, options);
      context.out(JSON.stringify({ ...parsed, uncategorised_weapons: uncategorisedWeapons(parsed.players) }, null, 2));
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
