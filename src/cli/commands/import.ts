import fs from 'node:fs';
import path from 'node:path';
import type { Command } from '#cli/command.ts';
import { stringOption, UsageError } from '#cli/command.ts';
import { cliActor } from '#lib/server/auth/actor.ts';
import { importResults } from '#lib/server/services/import/results.ts';

export const importResultsCommand: Command = {
  name: 'import results',
  usage: '<file.csv> --series <tag>',
  summary: 'Import historical results (CSV: date,winner,loser,result,type,map,tournament) as rated matches',
  options: { series: { type: 'string' } },
  positionals: 1,
  async run(context) {
    const file = context.positionals[0] ?? '';
    const seriesTag = stringOption(context, 'series', true);
    let csvText: string;
    try {
      csvText = fs.readFileSync(file, 'utf8');
    } catch (error) {
      throw new UsageError(`Cannot read '${file}': ${(error as Error).message}`);
    }
    const summary = await importResults(
      await context.db(),
      cliActor,
      { seriesTag, csvText, filename: path.basename(file) },
      context.progress,
    );
    context.out(
      `Imported ${summary.imported} of ${summary.rows} matches into ${summary.series} (${summary.unchanged} already present).`,
    );
    if (summary.created_teams.length > 0) context.out(`Created teams: ${summary.created_teams.join(', ')}`);
    if (summary.created_tournaments.length > 0)
      context.out(`Created tournaments: ${summary.created_tournaments.join(', ')}`);
  },
};
